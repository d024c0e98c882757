import { describe, expect, it } from 'vitest';
import { takeSessionToken } from './sessionToken';

function fakes(href: string) {
  const store = new Map<string, string>();
  const replaced: string[] = [];
  return {
    location: { href },
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    history: {
      state: null,
      replaceState: (_s: unknown, _t: string, url?: string | URL | null) =>
        void replaced.push(String(url)),
    },
    replaced,
  };
}

describe('takeSessionToken', () => {
  it('keeps the token from the address and strips it from the address bar', () => {
    const f = fakes('http://127.0.0.1:4000/?token=abc123&x=1#/submissions?form=f1');
    expect(takeSessionToken(f.location, f.storage, f.history)).toBe('abc123');
    expect(f.replaced).toEqual(['/?x=1#/submissions?form=f1']);
    expect(f.storage.getItem('formdesk.token')).toBe('abc123');
  });

  it('finds the token again after a reload without it in the address', () => {
    const f = fakes('http://127.0.0.1:4000/?token=t1');
    takeSessionToken(f.location, f.storage, f.history);
    const reload = { ...f, location: { href: 'http://127.0.0.1:4000/#/forms' } };
    expect(takeSessionToken(reload.location, f.storage, f.history)).toBe('t1');
    expect(f.replaced).toHaveLength(1);
  });

  it('returns null when there is no token anywhere', () => {
    const f = fakes('http://127.0.0.1:4000/');
    expect(takeSessionToken(f.location, f.storage, f.history)).toBeNull();
    expect(f.replaced).toEqual([]);
  });
});
