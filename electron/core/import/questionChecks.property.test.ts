import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ColumnMapping } from '../../shared/contract/imports';
import { convertValue } from './buildSubmission';
import { foldText } from './matchOption';
import { rulesFor } from './questionRules';

function column(type: string, entry: Record<string, unknown> = {}): ColumnMapping {
  return {
    column: 0,
    target: { kind: 'question', id: 'q', type, rules: rulesFor(type, 'Q', entry) },
  };
}

/** A scale question with a range the metadata may give, and that range. */
const scale = fc
  .record({
    type: fc.constantFrom('StarRating', 'OpinionScale'),
    min: fc.integer({ min: -5, max: 5 }),
    span: fc.integer({ min: 1, max: 20 }),
  })
  .map(({ type, min, span }) => ({
    mapping: column(type, { min, max: min + span }),
    min,
    max: min + span,
  }));

const options = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 20 }), {
    minLength: 1,
    maxLength: 10,
    selector: foldText,
  })
  .filter((list) => list.every((o) => foldText(o) !== '' && !/[;,]/.test(o)));

describe('answers against their question, for any question', () => {
  it('a whole number inside the range always passes, as that number', () => {
    fc.assert(
      fc.property(
        scale.chain((s) => fc.tuple(fc.constant(s), fc.integer({ min: s.min, max: s.max }))),
        ([s, value]) => {
          expect(convertValue(String(value), s.mapping)).toEqual({ ok: true, value });
        },
      ),
    );
  });

  it('a number outside the range, or not whole, never passes', () => {
    fc.assert(
      fc.property(
        scale.chain((s) =>
          fc.tuple(
            fc.constant(s),
            fc.oneof(
              fc.integer({ min: s.max + 1, max: s.max + 1000 }),
              fc.integer({ min: s.min - 1000, max: s.min - 1 }),
              fc.integer({ min: s.min, max: s.max - 1 }).map((n) => n + 0.5),
            ),
          ),
        ),
        ([s, value]) => {
          const converted = convertValue(String(value), s.mapping);
          expect(converted.ok).toBe(false);
          if (!converted.ok) expect(converted.message).toContain(`from ${s.min} to ${s.max}`);
        },
      ),
    );
  });

  it('any option, however its case and spacing are written, passes as that option', () => {
    fc.assert(
      fc.property(
        options.chain((list) =>
          fc.tuple(fc.constant(list), fc.constantFrom(...list), fc.boolean()),
        ),
        ([list, option, shout]) => {
          const written = ` ${shout ? option.toUpperCase() : option} `;
          // Upper-casing may fold onto another option (e.g. "ß" → "SS"); then the form's own spelling decides.
          fc.pre(list.filter((o) => foldText(o) === foldText(written)).length === 1);
          const converted = convertValue(written, column('Dropdown', { options: list }));
          expect(converted).toMatchObject({ ok: true, value: option });
        },
      ),
    );
  });

  it('a value that is none of the options is never sent', () => {
    fc.assert(
      fc.property(options, fc.string({ minLength: 1, maxLength: 20 }), (list, value) => {
        fc.pre(value.trim() !== '' && !list.some((o) => foldText(o) === foldText(value)));
        const converted = convertValue(value, column('Dropdown', { options: list }));
        expect(converted.ok).toBe(false);
        if (!converted.ok && converted.suggestion !== undefined)
          expect(list).toContain(converted.suggestion);
      }),
    );
  });

  it('every checked box among the options passes; one unknown box fails the cell', () => {
    fc.assert(
      fc.property(
        options.chain((list) =>
          fc.tuple(
            fc.constant(list),
            fc.subarray(list, { minLength: 1 }),
            fc.string({ minLength: 1, maxLength: 12 }),
          ),
        ),
        ([list, checked, stranger]) => {
          const boxes = column('Checkboxes', { options: list });
          expect(convertValue(checked.join(';'), boxes)).toMatchObject({
            ok: true,
            value: checked,
          });
          fc.pre(!/[;,]/.test(stranger) && stranger.trim() !== '');
          fc.pre(!list.some((o) => foldText(o) === foldText(stranger)));
          expect(convertValue([...checked, stranger].join(';'), boxes).ok).toBe(false);
        },
      ),
    );
  });
});
