import { describe, expect, it } from 'vitest';
import { contentKey } from './rowFingerprint';

const key = (answers: Record<string, unknown>, time: string | null = '2024-05-16T10:00:00.000Z') =>
  contentKey(['a', 'b'], new Map(Object.entries(answers)), time);

describe('contentKey', () => {
  it("is the same for a row and the server's tidied copy of it", () => {
    expect(key({ a: ' Zoë ', b: '5' })).toBe(key({ a: 'Zoe\u0308', b: 5 }));
    expect(key({ a: 'x', b: '' })).toBe(key({ a: 'x' }));
    expect(key({ a: 'x' }, '2024-05-16T10:00:00Z')).toBe(
      key({ a: 'x' }, '2024-05-16T10:00:00.000+00:00'),
    );
  });

  it('tells different answers, times and question ids apart', () => {
    expect(key({ a: 'x', b: 1 })).not.toBe(key({ a: 'x', b: 2 }));
    expect(key({ a: 'x' })).not.toBe(key({ a: 'x' }, '2024-05-16T10:00:00.001Z'));
    expect(contentKey(['a'], new Map([['a', 1]]), null)).not.toBe(
      contentKey(['b'], new Map([['b', 1]]), null),
    );
  });
});
