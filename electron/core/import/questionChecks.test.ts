import { describe, expect, it } from 'vitest';
import { type ColumnMapping } from '../../shared/contract/imports';
import { buildSubmission, convertValue } from './buildSubmission';
import { matchOption } from './matchOption';
import { questionDefinitions, rulesFor, withRules } from './questionRules';

/** A one-column mapping to a question of this type, with the rules its metadata gives. */
function column(type: string, entry: Record<string, unknown> = {}): ColumnMapping {
  return {
    column: 0,
    target: { kind: 'question', id: 'q', type, rules: rulesFor(type, 'The question', entry) },
  };
}

const PLANS = ['Starter plan', 'Pro plan', 'Team plan', 'Enterprise'];

describe('answers checked against the question', () => {
  it('star ratings: whole stars from 1 to 5 unless the form says otherwise', () => {
    const stars = column('StarRating');
    expect(convertValue('5', stars)).toEqual({ ok: true, value: 5 });
    expect(convertValue('1', stars)).toEqual({ ok: true, value: 1 });
    expect(convertValue('9', stars)).toEqual({
      ok: false,
      message: '"9" is not allowed: the question "The question" takes a whole number from 1 to 5.',
    });
    expect(convertValue('0', stars).ok).toBe(false);
    expect(convertValue('3.5', stars).ok).toBe(false);
    expect(convertValue('9', column('StarRating', { max: 10 }))).toEqual({ ok: true, value: 9 });
  });

  it('opinion scales: 0 to 10, or the range the metadata gives', () => {
    const scale = column('OpinionScale');
    expect(convertValue('0', scale)).toEqual({ ok: true, value: 0 });
    expect(convertValue('10', scale)).toEqual({ ok: true, value: 10 });
    expect(convertValue('11', scale).ok).toBe(false);
    expect(convertValue('-1', scale).ok).toBe(false);
    expect(convertValue('0', column('OpinionScale', { min: 1, max: 5 })).ok).toBe(false);
  });

  it('sliders and numbers: any number unless the metadata gives a range', () => {
    expect(convertValue('250', column('Slider'))).toEqual({ ok: true, value: 250 });
    expect(convertValue('250', column('Slider', { min: 0, max: 100 }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('a number from 0 to 100'),
    });
    expect(convertValue('2.5', column('NumberInput'))).toEqual({ ok: true, value: 2.5 });
  });

  it('choices: one of the options; case, spacing and accents are forgiven, typos offered', () => {
    const plan = column('Dropdown', { options: PLANS });
    expect(convertValue('Pro plan', plan)).toEqual({ ok: true, value: 'Pro plan' });
    expect(convertValue(' Pro  Plan ', plan)).toEqual({
      ok: true,
      value: 'Pro plan',
      warning: '"Pro  Plan" is sent as "Pro plan", as the form writes it.',
    });
    expect(convertValue('Entérprise', plan)).toMatchObject({ ok: true, value: 'Enterprise' });
    expect(convertValue('Pro plna', plan)).toEqual({
      ok: false,
      message:
        '"Pro plna" is not one of the choices of the question "The question"; did you mean "Pro plan"?',
      suggestion: 'Pro plan',
    });
    expect(convertValue('Gold', plan)).toEqual({
      ok: false,
      message:
        '"Gold" is not one of the choices of the question "The question": "Starter plan", "Pro plan", "Team plan", "Enterprise".',
    });
  });

  it('options given as {id, value, label} objects are read by their value', () => {
    const ticket = column('MultipleChoice', {
      options: [
        { id: 'o1', value: 'VIP', label: 'VIP' },
        { id: 'o2', value: 'Student', label: 'Student' },
      ],
    });
    expect(convertValue('student', ticket)).toMatchObject({ ok: true, value: 'Student' });
    expect(convertValue('Speaker', ticket).ok).toBe(false);
  });

  it('checkboxes: the cell is split and each choice checked', () => {
    const liked = column('Checkboxes', { options: ['Ease of use', 'Price', 'Support'] });
    expect(convertValue('Price; support', liked)).toMatchObject({
      ok: true,
      value: ['Price', 'Support'],
    });
    expect(convertValue('Price, Suport', liked)).toEqual({
      ok: false,
      message:
        '"Suport" is not one of the choices of the question "The question": "Ease of use", "Price", "Support". Did you mean "Price, Support"?',
      suggestion: 'Price, Support',
    });
    expect(convertValue('Price; Colour', liked)).toMatchObject({ ok: false });
    expect(convertValue('Price; Colour', liked)).not.toHaveProperty('suggestion');
  });

  it('a choice question without known options takes any text', () => {
    expect(convertValue('Anything', column('Dropdown'))).toEqual({ ok: true, value: 'Anything' });
  });

  it('times of day, phones, e-mails and web addresses', () => {
    expect(convertValue('2:30 pm', column('TimePicker'))).toEqual({ ok: true, value: '14:30' });
    expect(convertValue('09:05:00', column('TimePicker'))).toEqual({ ok: true, value: '09:05' });
    expect(convertValue('25:00', column('TimePicker')).ok).toBe(false);
    expect(convertValue('+49 30 1234567', column('PhoneNumber')).ok).toBe(true);
    expect(convertValue('(030) 123-4567', column('PhoneNumber')).ok).toBe(true);
    expect(convertValue('call me', column('PhoneNumber')).ok).toBe(false);
    expect(convertValue('12', column('PhoneNumber')).ok).toBe(false);
    expect(convertValue('ann@example', column('EmailInput')).ok).toBe(false);
    expect(convertValue('ftp://x.example', column('URLInput')).ok).toBe(false);
  });

  it('a required question left empty makes the row invalid', () => {
    const required = column('ShortAnswer', { required: true });
    const built = buildSubmission([''], [required]);
    expect(built.submission).toBeNull();
    expect(built.issues).toEqual([
      {
        column: 0,
        severity: 'error',
        message:
          'The question "The question" is required: fill in an answer, or leave the row out.',
      },
    ]);
  });
});

describe('the form’s rules attached to a mapping', () => {
  const definitions = questionDefinitions(
    [
      { id: 'em', name: 'Email', type: 'EmailInput' },
      { id: 'st', name: 'Rating', type: 'StarRating' },
    ],
    {
      id: 'f',
      name: 'Form',
      questions: [
        { id: 'em', name: 'Email', type: 'EmailInput', required: true },
        { id: 'st', name: 'Rating', type: 'StarRating', max: 10 },
      ],
    },
  );

  it('replace whatever rules the wizard sent', () => {
    const [mapped] = withRules(
      [
        { column: 0, target: { kind: 'question', id: 'st', rules: { max: 1000 } } },
        { column: 1, target: { kind: 'question', id: 'em' } },
      ],
      definitions,
    );
    expect(mapped!.target).toEqual({
      kind: 'question',
      id: 'st',
      type: 'StarRating',
      rules: { name: 'Rating', min: 1, max: 10, whole: true },
    });
  });

  it('refuse a mapping that leaves a required question without a column', () => {
    expect(() =>
      withRules([{ column: 0, target: { kind: 'question', id: 'st' } }], definitions),
    ).toThrow('The form requires "Email": match a column to it');
  });
});

describe('matchOption', () => {
  it('offers an option only when one is clearly closest', () => {
    expect(matchOption('Pro plan', PLANS)).toEqual({ kind: 'exact', option: 'Pro plan' });
    expect(matchOption('PRO PLAN', PLANS)).toEqual({ kind: 'same', option: 'Pro plan' });
    expect(matchOption('Teem plan', PLANS)).toEqual({ kind: 'near', option: 'Team plan' });
    expect(matchOption('plan', PLANS)).toEqual({ kind: 'none' });
    expect(matchOption('Bo', ['Bob', 'Boa'])).toEqual({ kind: 'none' });
  });
});
