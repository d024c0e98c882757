import { describe, expect, it } from 'vitest';
import { BASE_URL_PRESETS } from '../../shared/contract/workspaces';
import { isAppError } from '../../shared/errors';
import { defaultWorkspaceName, normaliseBaseUrl } from './baseUrl';

function refusal(raw: string): string {
  try {
    normaliseBaseUrl(raw);
  } catch (error) {
    if (isAppError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error(`${raw} was accepted`);
}

describe('normaliseBaseUrl', () => {
  it('accepts every regional preset unchanged', () => {
    for (const url of Object.values(BASE_URL_PRESETS)) expect(normaliseBaseUrl(url)).toBe(url);
  });

  it('trims spaces and trailing slashes', () => {
    expect(normaliseBaseUrl('  https://forms.example.com/v1/api//  ')).toBe(
      'https://forms.example.com/v1/api',
    );
  });

  it('allows plain http on loopback only', () => {
    expect(normaliseBaseUrl('http://127.0.0.1:4010/v1/api')).toBe('http://127.0.0.1:4010/v1/api');
    expect(normaliseBaseUrl('http://localhost:4010/v1/api')).toBe('http://localhost:4010/v1/api');
    expect(normaliseBaseUrl('http://[::1]:4010/v1/api')).toBe('http://[::1]:4010/v1/api');
    expect(refusal('http://api.fillout.com/v1/api')).toMatch(
      /^INVALID_INPUT: .*https:\/\/.*unencrypted/,
    );
    expect(refusal('http://127.0.0.1.evil.example/v1/api')).toMatch(/https:\/\//);
  });

  it('refuses what is not an address, other schemes, credentials and queries', () => {
    expect(refusal('api.fillout.com')).toMatch(/not a web address/);
    expect(refusal('ftp://api.fillout.com/v1/api')).toMatch(/https:\/\//);
    expect(refusal('https://user:pw@api.fillout.com/v1/api')).toMatch(/user name or password/);
    expect(refusal('https://api.fillout.com/v1/api?key=1')).toMatch(/query/);
  });
});

describe('defaultWorkspaceName', () => {
  it('names the service regions and otherwise the host', () => {
    expect(defaultWorkspaceName(BASE_URL_PRESETS.eu)).toBe('Fillout (Europe)');
    expect(defaultWorkspaceName('https://forms.example.com/v1/api')).toBe('forms.example.com');
  });
});
