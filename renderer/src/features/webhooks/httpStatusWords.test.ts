import { describe, expect, it } from 'vitest';
import { httpStatusWords } from './httpStatusWords';

describe('httpStatusWords', () => {
  it('gives a status its reason phrase, and a rare one its number alone', () => {
    expect(httpStatusWords(200)).toBe('200 OK');
    expect(httpStatusWords(404)).toBe('404 Not Found');
    expect(httpStatusWords(299)).toBe('299');
  });
});
