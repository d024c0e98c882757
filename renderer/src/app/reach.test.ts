import { describe, expect, it } from 'vitest';
import { REACH_WORDS, unreachableOf } from './reach';

describe('unreachableOf', () => {
  it('tells a computer without a network from a service that does not answer', () => {
    expect(unreachableOf('online', false)).toBe('noNetwork');
    expect(unreachableOf('offline', false)).toBe('noNetwork');
    expect(unreachableOf('offline', true)).toBe('serviceDown');
  });

  it('says nothing while the service answers or has not been asked', () => {
    expect(unreachableOf('online', true)).toBeNull();
    expect(unreachableOf('unknown', true)).toBeNull();
    expect(unreachableOf('unauthorized', true)).toBeNull();
  });

  it('never calls a service outage being offline', () => {
    expect(Object.values(REACH_WORDS.serviceDown).join(' ')).not.toMatch(/offline/i);
  });
});
