import { describe, expect, it } from 'vitest';
import { drawableImage } from './drawableImage';

describe('a signature image', () => {
  it('is drawn from PNG, JPEG and WebP data only', () => {
    for (const type of ['png', 'jpeg', 'webp', 'PNG'])
      expect(drawableImage(`data:image/${type};base64,AAAA`)?.drawable).toBe(true);
  });

  it('is never drawn from SVG or unnamed data, however the type is spelled', () => {
    for (const url of [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/svg+xml,<svg/>',
      ' data:IMAGE/SVG+XML,<svg/>',
      'data:image/sv\tg+xml,<svg/>',
      'data:,hello',
      'data:text/html,<b>x</b>',
    ])
      expect(drawableImage(url)?.drawable).toBe(false);
  });

  it('leaves other addresses to the link rules', () => {
    expect(drawableImage('https://files.example/sig.png')).toBeNull();
  });
});
