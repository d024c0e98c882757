import { describe, expect, it } from 'vitest';
import { externalUrl, isAppUrl } from './appUrl';

describe('isAppUrl', () => {
  it('trusts the app scheme and host only', () => {
    expect(isAppUrl('app://formdesk/index.html#/forms', undefined)).toBe(true);
    expect(isAppUrl('app://other/index.html', undefined)).toBe(false);
    expect(isAppUrl('file:///tmp/index.html', undefined)).toBe(false);
    expect(isAppUrl('https://formdesk/index.html', undefined)).toBe(false);
    expect(isAppUrl('not a url', undefined)).toBe(false);
  });

  it('trusts the dev server origin only while one is configured', () => {
    expect(isAppUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(isAppUrl('http://localhost:5173/', undefined)).toBe(false);
  });
});

describe('externalUrl', () => {
  it('lets https links out and nothing else', () => {
    expect(externalUrl('https://fillout.com/help')).toBe('https://fillout.com/help');
    for (const url of [
      'http://fillout.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://x/y',
      'https://u:p@x.com',
    ]) {
      expect(externalUrl(url), url).toBeNull();
    }
  });
});
