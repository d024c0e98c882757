import { describe, expect, it } from 'vitest';
import { BASE_URL_PRESETS } from '../../../../electron/shared/contract';
import { baseUrlProblem, regionOf } from './baseUrl';

describe('baseUrlProblem', () => {
  it('accepts an https base URL ending in /v1/api, and plain http only to this machine', () => {
    expect(baseUrlProblem('https://forms.example.com/v1/api')).toBeNull();
    expect(baseUrlProblem('http://127.0.0.1:8123/v1/api')).toBeNull();
  });

  it('explains why a URL cannot be used', () => {
    expect(baseUrlProblem('http://forms.example.com/v1/api')).toMatch(/https:\/\//);
    expect(baseUrlProblem('forms.example.com')).toMatch(/not a web address/);
    expect(baseUrlProblem('https://forms.example.com/v1/api?x=1')).toMatch(/Leave out the query/);
    expect(baseUrlProblem('https://me:secret@forms.example.com/v1/api')).toMatch(
      /user name and password/,
    );
    expect(baseUrlProblem('  ')).toMatch(/Enter the base URL/);
  });
});

describe('regionOf', () => {
  it('recognises the presets, with or without a trailing slash', () => {
    expect(regionOf(BASE_URL_PRESETS.eu)).toBe('eu');
    expect(regionOf(`${BASE_URL_PRESETS.ca}/`)).toBe('ca');
    expect(regionOf('https://forms.example.com/v1/api')).toBe('custom');
  });
});
