import { describe, expect, it } from 'vitest';
import { linkTarget, mailtoUrl, safeExternalUrl } from './externalUrl';

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

  it('keeps a link to a given domain on it: lookalikes and other hosts refused', () => {
    expect(safeExternalUrl('https://dashboard.stripe.com/payments/pi_1', 'stripe.com')).toBe(
      'https://dashboard.stripe.com/payments/pi_1',
    );
    for (const href of [
      'https://dashboard.stripe.com.evil.example/payments/pi_1',
      'https://evilstripe.com/payments/pi_1',
      'https://stripe.com@evil.example/',
      'https://xn--strpe-2va.com/payments/pi_1',
      'http://dashboard.stripe.com/payments/pi_1',
    ]) {
      expect(safeExternalUrl(href, 'stripe.com')).toBeNull();
    }
  });
});

describe('mailtoUrl', () => {
  it('links a plain address and leaves anything carrying more as text', () => {
    expect(mailtoUrl('ana@example.com')).toBe('mailto:ana@example.com');
    for (const email of [
      'ana@example.com?cc=boss@example.com&body=Hello',
      'ana@example.com,boss@example.com',
      'ana@example.com%3Fcc=x',
      'ana @example.com',
      'not an address',
    ]) {
      expect(mailtoUrl(email)).toBeNull();
    }
  });
});

describe('linkTarget', () => {
  it('shows a lookalike host as the browser sends it, flagged', () => {
    expect(linkTarget('https://pаypal.com/')).toMatchObject({
      href: 'https://xn--pypal-4ve.com/',
      host: 'xn--pypal-4ve.com',
      international: true,
      typedDiffers: true,
    });
  });

  it('reads a backslash and tabs as the parser does: the host is where it goes', () => {
    expect(linkTarget('https://evil.example\\@paypal.com/')).toMatchObject({
      host: 'evil.example',
      rest: '/@paypal.com/',
      typedDiffers: true,
    });
    expect(linkTarget('https://paypal.com\t.evil.example/')).toMatchObject({
      host: 'paypal.com.evil.example',
      typedDiffers: true,
    });
  });

  it('says nothing more of a plain address', () => {
    expect(linkTarget('https://example.com')).toEqual({
      href: 'https://example.com/',
      host: 'example.com',
      rest: '/',
      international: false,
      typedDiffers: false,
    });
    expect(linkTarget('javascript:alert(1)')).toBeNull();
  });
});

describe('mailtoUrl and hidden characters', () => {
  it('keeps an address with a bidi override as text', () => {
    expect(mailtoUrl('ceo@acme.example\u202e')).toBeNull();
  });
});
