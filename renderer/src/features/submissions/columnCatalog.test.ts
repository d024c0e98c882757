import { describe, expect, it } from 'vitest';
import { type Submission } from '../../../../electron/shared/api/submission';
import { catalogKey, catalogOf } from './columnCatalog';

const submission = (extra: Partial<Submission>): Submission => ({
  submissionId: 's',
  submissionTime: '2025-01-01T00:00:00.000Z',
  questions: [],
  ...extra,
});

describe('catalogOf', () => {
  it('keeps the catalogue order and appends questions only seen in rows', () => {
    const catalog = catalogOf(
      [{ id: 'q1', name: 'Name', type: 'ShortAnswer' }],
      [
        submission({
          questions: [
            { id: 'q1', name: 'Name', type: 'ShortAnswer', value: 'a' },
            { id: 'q9', name: 'New', type: 'Hologram', value: 1 },
          ],
        }),
      ],
    );
    expect(catalog.questions.map((q) => q.id)).toEqual(['q1', 'q9']);
  });

  it('learns calculations, url parameters and optional structures from rows', () => {
    const catalog = catalogOf(
      [],
      [
        submission({ calculations: [{ id: 'c1', name: 'Total', type: 'number', value: '3' }] }),
        submission({
          urlParameters: [{ id: 'utm', name: 'utm_source', value: 'mail' }],
          quiz: { score: 3, maxScore: 5 },
          payments: [{ id: 'p', value: { totalAmount: 100, currency: 'USD' } }],
        }),
      ],
    );
    expect(catalog).toMatchObject({
      calculations: [{ id: 'c1', name: 'Total' }],
      urlParameters: [{ id: 'utm', name: 'utm_source' }],
      quiz: true,
      payments: true,
      login: false,
      scheduling: false,
    });
  });

  it('takes calculations and url parameters from the catalogue, once, by their own ids', () => {
    const catalog = catalogOf(
      [
        { id: 'q1', name: 'Name', type: 'ShortAnswer', kind: 'question' },
        { id: 'calculation:c1', name: 'Total', type: 'Calculation:number', kind: 'calculation' },
        { id: 'urlParameter:utm', name: 'utm_source', type: 'URL parameter', kind: 'urlParameter' },
      ],
      [submission({ calculations: [{ id: 'c1', name: 'Total', type: 'number', value: '3' }] })],
    );
    expect(catalog.questions.map((q) => q.id)).toEqual(['q1']);
    expect(catalog.calculations).toEqual([{ id: 'c1', name: 'Total' }]);
    expect(catalog.urlParameters).toEqual([{ id: 'utm', name: 'utm_source' }]);
  });

  it('gives the same key for the same columns, whatever the rows', () => {
    const questions = [{ id: 'q1', name: 'Name', type: 'ShortAnswer' }];
    expect(catalogKey(catalogOf(questions, [submission({})]))).toBe(
      catalogKey(catalogOf(questions, [])),
    );
    expect(catalogKey(catalogOf(questions, [submission({ login: { email: 'a@b.c' } })]))).not.toBe(
      catalogKey(catalogOf(questions, [])),
    );
  });
});
