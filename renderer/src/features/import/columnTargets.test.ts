import { describe, expect, it } from 'vitest';
import {
  conversionsFor,
  describeTarget,
  fieldTarget,
  targetOf,
  targetOptions,
  valueOf,
} from './columnTargets';

const questions = [{ id: 'q1', name: 'Amount', type: 'NumberInput' }];

describe('column targets', () => {
  it('round-trips every option of the select', () => {
    for (const group of targetOptions(questions))
      for (const item of group.items) expect(valueOf(targetOf(item.value))).toBe(item.value);
  });

  it('builds hand-typed targets and names payment processor fields as people know them', () => {
    expect(fieldTarget('payment.stripeCustomerId', ' pay1 ')).toEqual({
      kind: 'payment',
      id: 'pay1',
      field: 'stripeCustomerId',
    });
    expect(describeTarget(fieldTarget('payment.stripeCustomerId', 'pay1'), questions)).toBe(
      'Payment pay1: processorCustomerId',
    );
    expect(fieldTarget('question', 'new1')).toEqual({ kind: 'question', id: 'new1' });
  });

  it('offers number conversions for numbers and date formats for times', () => {
    expect(conversionsFor({ kind: 'question', id: 'q1', type: 'NumberInput' })).toMatchObject({
      number: true,
      date: false,
    });
    expect(conversionsFor({ kind: 'submissionTime' })).toMatchObject({ number: false, date: true });
  });

  it('asks for a time zone only where a date has a time of day', () => {
    expect(conversionsFor({ kind: 'question', id: 'q1', type: 'DatePicker' })).toMatchObject({
      date: true,
      time: false,
    });
    expect(conversionsFor({ kind: 'question', id: 'q1', type: 'DateTimePicker' })).toMatchObject({
      date: true,
      time: true,
    });
  });
});
