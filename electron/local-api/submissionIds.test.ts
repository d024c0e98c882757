import { describe, expect, it } from 'vitest';
import { GeneratedIds } from './submissionIds';

describe('GeneratedIds', () => {
  const ids = new GeneratedIds(0xc0ffee);

  it('gives UUID-shaped ids that decode back to their row, up to a million and beyond', () => {
    for (const index of [0, 1, 2, 999, 65_535, 999_999, 4_000_000]) {
      const id = ids.idOf(index);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ids.indexOf(id)).toBe(index);
    }
  });

  it('gives distinct ids to neighbouring rows', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ids.idOf(i));
    expect(new Set(many).size).toBe(many.length);
  });

  it("refuses altered ids and another form's ids", () => {
    const id = ids.idOf(42);
    const altered = `${id.slice(0, 3)}${id[3] === '0' ? '1' : '0'}${id.slice(4)}`;
    expect(ids.indexOf(altered)).toBeUndefined();
    expect(ids.indexOf(new GeneratedIds(7).idOf(42))).toBeUndefined();
    expect(ids.indexOf('not-an-id')).toBeUndefined();
    expect(ids.indexOf(id.toUpperCase())).toBeUndefined();
  });
});
