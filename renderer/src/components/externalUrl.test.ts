import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './externalUrl';

describe('safeExternalUrl', () => {
  it('lets https links through', () => {
    expect(safeExternalUrl('https://example.com/edit?id=1')).toBe('https://example.com/edit?id=1');
  });

  it('refuses every other scheme, credentials in the URL and garbage', () => {
    for (const href of [
      'javascript:alert(1)',
      'http://example.com',
      'file:///etc/passwd',
      'https://u:p@example.com',
      'not a url',
    ]) {
      expect(safeExternalUrl(href)).toBeNull();
    }
  });
});
