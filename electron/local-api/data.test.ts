import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalApiData } from '../shared/api/localApi';
import { type Submission } from '../shared/api/submission';
import { call, openApiErrors, started } from './testing/testSupport';

/** Every question type the service lists (the `type` enum of spec/openapi.yaml). */
const UPSTREAM_TYPES = [
  'Address',
  'AudioRecording',
  'Calcom',
  'Calendly',
  'Captcha',
  'Checkbox',
  'Checkboxes',
  'ColorPicker',
  'CurrencyInput',
  'DatePicker',
  'DateRange',
  'DateTimePicker',
  'Dropdown',
  'EmailInput',
  'FileUpload',
  'ImagePicker',
  'LocationCoordinates',
  'LongAnswer',
  'Matrix',
  'MultiSelect',
  'MultipleChoice',
  'NumberInput',
  'OpinionScale',
  'Password',
  'Payment',
  'PhoneNumber',
  'Ranking',
  'RecordPicker',
  'ShortAnswer',
  'Signature',
  'Slider',
  'StarRating',
  'Subform',
  'SubmissionPicker',
  'Switch',
  'Table',
  'TimePicker',
  'URLInput',
];

const DATA: LocalApiData = {
  forms: [
    {
      id: 'tinyForm1',
      name: 'Volunteer sign-up',
      questions: [
        { id: 'q1', name: 'Name', type: 'ShortAnswer' },
        { id: 'q2', name: 'Shifts', type: 'Checkboxes', options: ['Morning', 'Evening'] },
      ],
      urlParameters: [{ id: 'src', name: 'src' }],
      submissions: [
        {
          submissionId: 's-1',
          submissionTime: '2026-01-02T10:00:00.000Z',
          questions: [{ id: 'q1', name: 'Name', type: 'ShortAnswer', value: 'Ana' }],
        },
        {
          submissionId: 's-2',
          submissionTime: '2026-01-03T10:00:00.000Z',
          questions: [],
          status: 'in_progress',
        },
        {
          submissionId: 's-3',
          submissionTime: '2026-01-04T10:00:00.000Z',
          questions: [],
          preview: true,
          startedAt: '2026-01-04T09:58:00.000Z',
        },
      ],
    },
    {
      id: 'everyType',
      name: 'Every question type',
      questions: UPSTREAM_TYPES.map((type, i) => ({ id: `t${i}`, name: type, type })),
      calculations: [
        { id: 'c1', name: 'Total', type: 'number' },
        { id: 'c2', name: 'Picked', type: 'text', sources: ['t6', 't19'] },
      ],
    },
  ],
};

let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'local-api-data-'));
  file = join(dir, 'forms.json');
  writeFileSync(file, JSON.stringify(DATA));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--data', () => {
  it('serves the forms and submissions of a data file, by status and preview', async () => {
    const api = await started({ data: file });
    try {
      expect((await call(api, 'GET', '/forms')).body).toEqual([
        { name: 'Volunteer sign-up', formId: 'tinyForm1' },
        { name: 'Every question type', formId: 'everyType' },
      ]);
      const ids = async (query: string) =>
        (
          (await call(api, 'GET', `/forms/tinyForm1/submissions?${query}`)).body as {
            responses: Submission[];
          }
        ).responses.map((s) => s.submissionId);
      expect(await ids('')).toEqual(['s-1']);
      expect(await ids('status=in_progress')).toEqual(['s-2']);
      expect(await ids('includePreview=true')).toEqual(['s-1', 's-3']);
      const preview = (await call(api, 'GET', '/forms/tinyForm1/submissions/s-3')).body as {
        submission: Record<string, unknown>;
      };
      expect(preview.submission).toEqual({
        submissionId: 's-3',
        submissionTime: '2026-01-04T10:00:00.000Z',
        questions: [],
        startedAt: '2026-01-04T09:58:00.000Z',
      });
      expect(
        (
          (await call(api, 'GET', '/forms/everyType/submissions')).body as {
            totalResponses: number;
          }
        ).totalResponses,
      ).toBe(0);
    } finally {
      await api.close();
    }
  });

  it('generates realistic answers for every upstream question type, valid against the spec', async () => {
    const api = await started({ data: DATA, submissionsPerForm: 300 });
    try {
      const { responses } = (await call(api, 'GET', '/forms/everyType/submissions?limit=150'))
        .body as { responses: Submission[] };
      expect(
        openApiErrors('getAllSubmissions', { responses, totalResponses: 1, pageCount: 1 }),
      ).toEqual([]);
      const valueOf = (s: Submission, type: string) =>
        s.questions.find((q) => q.type === type)?.value;
      const sample = responses[0] as Submission;
      expect(sample.questions.map((q) => q.type)).toEqual(UPSTREAM_TYPES);
      expect(valueOf(sample, 'Address')).toEqual({
        address: expect.any(String),
        city: expect.any(String),
        state: expect.any(String),
        zipCode: expect.any(String),
        country: expect.any(String),
      });
      expect(valueOf(sample, 'FileUpload')).toEqual(
        expect.arrayContaining([
          { url: expect.stringMatching(/^https:\/\//), filename: expect.any(String) },
        ]),
      );
      expect(valueOf(sample, 'DateRange')).toEqual({
        start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect(valueOf(sample, 'LocationCoordinates')).toEqual({
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      });
      for (const type of ['Checkboxes', 'MultiSelect', 'Ranking'])
        expect(Array.isArray(valueOf(sample, type))).toBe(true);
      for (const type of ['StarRating', 'OpinionScale', 'NumberInput', 'Slider', 'CurrencyInput'])
        expect(typeof valueOf(sample, type)).toBe('number');
      expect(sample.calculations?.[0]?.value).toMatch(/^\d+(\.\d+)?$/);
      const checkboxes = valueOf(sample, 'Checkboxes') as string[];
      const multiSelect = valueOf(sample, 'MultiSelect') as string[];
      expect(sample.calculations?.[1]?.value).toBe(
        `${checkboxes.join(', ')} / ${multiSelect.join(', ')}`,
      );
      // Generated rows come on top of the file's own.
      expect((await call(api, 'GET', '/forms/tinyForm1/submissions/s-1')).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('refuses a form that lists one submission id twice', async () => {
    const [form] = DATA.forms;
    const twice = {
      forms: [{ ...form!, submissions: [form!.submissions![0]!, form!.submissions![0]!] }],
    };
    await expect(started({ data: twice })).rejects.toThrow(/s-1 twice/);
  });

  it('refuses a data file that is not local API data, naming the file', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ forms: [{ id: 'x', questions: 'none' }] }));
    await expect(started({ data: bad })).rejects.toThrow(
      new RegExp(`${bad.replace(/[.\\/]/g, '\\$&')}.*questions`),
    );
  });
});
