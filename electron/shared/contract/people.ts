import { z } from 'zod';
import { SubmissionStatus } from '../api/endpoints';
import { DeleteJobSummary } from './bulkDelete';
import { op } from './define';

/** An e-mail, a phone number or a name, as it was typed: three characters at least to be found. */
const PersonQuery = z.string().trim().min(3).max(200);

/** The most submissions one search lists; a person with more is asked for more exactly. */
export const MAX_PERSON_MATCHES = 2_000;

/**
 * The first page the People screen asks for and shows while the whole list is read: more than a
 * window holds, at a fraction of the whole list's reading.
 */
export const FIRST_PERSON_MATCHES = 100;

export const PersonMatch = z.object({
  submissionId: z.string(),
  submissionTime: z.string(),
  status: SubmissionStatus,
  isPreview: z.boolean(),
  /** The questions (or other answers) the text was found in, with the answer as given. */
  foundIn: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
});
export type PersonMatch = z.infer<typeof PersonMatch>;

export const PersonFormGroup = z.object({
  formId: z.string(),
  formName: z.string(),
  matches: z.array(PersonMatch),
});
export type PersonFormGroup = z.infer<typeof PersonFormGroup>;

export const PersonSearchResult = z.object({
  query: z.string(),
  groups: z.array(PersonFormGroup),
  total: z.number(),
  /** More submissions hold the text than are listed (`MAX_PERSON_MATCHES`, or the `limit` asked). */
  truncated: z.boolean(),
  /**
   * The whole list a page is the start of: how many it holds and whether more hold the text than
   * it can; the same as `total` and `truncated` when the whole list was asked.
   */
  whole: z.object({ total: z.number(), truncated: z.boolean() }),
});
export type PersonSearchResult = z.infer<typeof PersonSearchResult>;

/**
 * What an erasure of the confirmed submissions removes from this computer besides them, each place
 * listed only when it holds the person: for the confirmation to name exactly what goes.
 */
export const ErasurePlaces = z.object({
  /** Activity's copies of the submissions, and of earlier deletes that hold the person. */
  activityEntries: z.number(),
  /** Rows of imports sent or under way whose cells hold the person (emptied, the import kept). */
  importRows: z.number(),
  /** Imports not yet started (drafts) with rows holding the person: dropped whole. */
  importDrafts: z.array(z.object({ fileName: z.string(), rows: z.number() })),
  /** Export files not yet saved that hold the person. */
  exportFiles: z.array(z.string()),
  /** Copies of the cache kept aside after it failed a check, that hold the person. */
  damagedCopies: z.array(z.string()),
});
export type ErasurePlaces = z.infer<typeof ErasurePlaces>;

const SubmissionRef = z.strictObject({
  formId: z.string().min(1).max(200),
  submissionId: z.string().min(1).max(200),
});

/** The person's query and the submissions found by it that they confirmed. */
const ErasureRequest = z.strictObject({
  query: PersonQuery,
  submissions: z.array(SubmissionRef).min(1).max(MAX_PERSON_MATCHES),
});

export const peopleOps = {
  /**
   * Every cached submission, on every form, whose answers hold the text; grouped by form (by name),
   * newest first in each. A `limit` lists the first of that list alone.
   */
  'people.search': op(
    z.strictObject({
      query: PersonQuery,
      limit: z.number().int().min(1).max(MAX_PERSON_MATCHES).optional(),
    }),
    PersonSearchResult,
  ),
  /**
   * Everything the search finds as one .zip under exports: a CSV per form, read like the table,
   * and every submission whole as JSON; delivered with `files.saveExport`.
   */
  'people.export': op(
    z.strictObject({ query: PersonQuery }),
    z.object({ exportId: z.string(), fileName: z.string(), rows: z.number(), bytes: z.number() }),
  ),
  /** What `people.erase` of these submissions would remove from this computer besides them. */
  'people.erasePlaces': op(ErasureRequest, ErasurePlaces),
  /**
   * Deletes the confirmed submissions as a bulk job that keeps no copies, then removes what this
   * machine still holds of the person: Activity copies, export files, import journal rows and
   * drafts, damaged copies of the cache kept aside.
   */
  'people.erase': op(ErasureRequest, DeleteJobSummary),
};
