import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MergedRows } from './mergedRows';

describe('MergedRows', () => {
  it('reads two sorted lists as their sorted union, position by position', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 200 }),
        fc.func(fc.boolean()),
        (values, goesToStored) => {
          const sorted = [...values].sort((a, b) => a - b);
          const generated = sorted.filter((v) => !goesToStored(v));
          const stored = sorted.filter((v) => goesToStored(v)).map((value) => ({ value }));
          const merged = new MergedRows(Uint32Array.from(generated), stored, (g, s) => g < s.value);
          const read = Array.from({ length: merged.total }, (_, k) => {
            const row = merged.at(k);
            return 'stored' in row ? row.stored.value : row.generated;
          });
          expect(read).toEqual(sorted);
        },
      ),
    );
  });
});
