import { z } from 'zod';
import { op } from './define';

export const TextEncodingName = z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']);
export const DelimiterChar = z.enum([',', ';', '\t', '|']);

/** How the file is read; every field overrides what was detected. */
export const ReadOptions = z.strictObject({
  encoding: TextEncodingName.optional(),
  delimiter: DelimiterChar.optional(),
  headerLine: z.number().int().min(1).optional(),
  /** The workbook's sheet to read; the first with rows when absent. */
  sheet: z.string().min(1).max(200).optional(),
});
export type ReadOptions = z.infer<typeof ReadOptions>;

export const SCHEDULING_FIELDS = [
  'fullName',
  'email',
  'timezone',
  'eventStartTime',
  'eventEndTime',
  'eventId',
  'eventUrl',
  'rescheduleOrCancelUrl',
  'userId',
  'scheduledUserEmail',
  'meetingNotes',
] as const;
export const PAYMENT_FIELDS = [
  'paymentId',
  'stripeCustomerId',
  'stripeCustomerUrl',
  'stripePaymentUrl',
  'stripeSubscriptionId',
  'totalAmount',
  'currency',
  'email',
  'status',
] as const;

const fieldId = z.string().trim().min(1).max(200);

/**
 * What the form allows for a question, from its metadata (or the type's defaults): the import
 * attaches these to a draft's mappings, so every later check of the draft uses the same rules.
 */
export const QuestionRules = z.strictObject({
  /** The question's title, for sentences about it. */
  name: z.string().max(1000).optional(),
  options: z.array(z.string().max(1000)).max(2000).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** Whole numbers only (star ratings, opinion scales). */
  whole: z.boolean().optional(),
  required: z.boolean().optional(),
});
export type QuestionRules = z.infer<typeof QuestionRules>;

/** Where one CSV column goes in the created submission. */
export const ColumnTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('ignore') }),
  /** `type` comes from the questions catalogue; a hand-typed id of an unseen question has none. */
  z.strictObject({
    kind: z.literal('question'),
    id: fieldId,
    type: z.string().max(100).optional(),
    rules: QuestionRules.optional(),
  }),
  z.strictObject({ kind: z.literal('submissionTime') }),
  z.strictObject({ kind: z.literal('lastUpdatedAt') }),
  z.strictObject({ kind: z.literal('urlParameter'), id: fieldId, name: z.string().max(200) }),
  z.strictObject({ kind: z.literal('scheduling'), id: fieldId, field: z.enum(SCHEDULING_FIELDS) }),
  z.strictObject({ kind: z.literal('payment'), id: fieldId, field: z.enum(PAYMENT_FIELDS) }),
]);
export type ColumnTarget = z.infer<typeof ColumnTarget>;

export const DATE_FORMATS = ['iso', 'dd.mm.yyyy', 'dd/mm/yyyy', 'mm/dd/yyyy'] as const;
export const DateFormat = z.enum(DATE_FORMATS);
export type DateFormat = z.infer<typeof DateFormat>;

/** Per-column conversions from how a spreadsheet wrote a value to what the service takes. */
export const ColumnConversion = z.strictObject({
  dateFormat: DateFormat.optional(),
  /** IANA zone for dates and times written without an offset; UTC when absent. */
  timeZone: z.string().max(100).optional(),
  decimalSeparator: z.enum(['.', ',']).optional(),
  listSeparator: z.string().min(1).max(5).optional(),
  trueValues: z.array(z.string().max(50)).max(20).optional(),
  falseValues: z.array(z.string().max(50)).max(20).optional(),
});
export type ColumnConversion = z.infer<typeof ColumnConversion>;

export const ColumnMapping = z.strictObject({
  /** Index into the file's columns. */
  column: z.number().int().min(0),
  target: ColumnTarget,
  convert: ColumnConversion.optional(),
});
export type ColumnMapping = z.infer<typeof ColumnMapping>;

export const CellIssue = z.object({
  rowIndex: z.number().int(),
  /** The file line where the row starts, as people see it in a text editor. */
  line: z.number().int(),
  column: z.number().int().nullable(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  /** The problem alone, without its line and column: for the cell, which already says where. */
  reason: z.string().optional(),
  /** A value the form allows that is close to the one given, offered as the fix. */
  suggestion: z.string().optional(),
});
export type CellIssue = z.infer<typeof CellIssue>;

export const ImportState = z.enum([
  'draft',
  'running',
  'paused',
  'interrupted',
  'verifying',
  'done',
  /** Finished, with rows whose creation could not be confirmed: the person's call. */
  'doneToCheck',
  'cancelled',
]);
export type ImportState = z.infer<typeof ImportState>;

export const ImportSummary = z.object({
  jobId: z.string(),
  formId: z.string(),
  fileName: z.string(),
  state: ImportState,
  createdAt: z.string(),
  updatedAt: z.string(),
  rowsTotal: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  excluded: z.number().int(),
  invalid: z.number().int(),
  pending: z.number().int(),
  /** Rows sent whose outcome is not known yet: looked for on the server before any resend. */
  unknown: z.number().int(),
  /**
   * Rows still not found on the server when their window ended, where that cannot prove they were
   * not created: neither created nor failed until the person sends them again or leaves them.
   */
  unconfirmed: z.number().int(),
  /** Unconfirmed rows the person chose to leave as they are. */
  left: z.number().int(),
  /** What the last verification found, in a sentence for people. */
  notice: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

const jobId = z.string().min(1).max(100);
const base64 = z.string().max(64 * 1024 * 1024);

/**
 * The largest file the wizard takes: exports of the largest forms the app is built for are far
 * below it.
 */
export const IMPORT_FILE_MAX_BYTES = 200 * 1024 * 1024;
/**
 * Bytes of a file per `imports.upload` part. As base64, a third larger, a part fits browser mode's
 * request limit (`MAX_RPC_BODY_BYTES`, `host/hostServer.ts`), and the host's thread parses no more
 * than that per request.
 */
export const UPLOAD_PART_BYTES = 512 * 1024;
const uploadPart = z
  .string()
  .max(
    Math.ceil(UPLOAD_PART_BYTES / 3) * 4,
    `must be at most ${UPLOAD_PART_BYTES / 1024} KB of the file, in base64`,
  );

export const FileFormat = z.enum(['csv', 'xlsx', 'xls', 'ods']);

const Preview = z.object({
  fileId: z.string(),
  fileName: z.string(),
  format: FileFormat,
  /** How a CSV file's text was read; null for a workbook. */
  encoding: TextEncodingName.nullable(),
  delimiter: DelimiterChar.nullable(),
  /** A workbook's sheets that hold rows, with their data rows; empty for CSV. */
  sheets: z.array(z.object({ name: z.string(), rowCount: z.number().int() })),
  sheet: z.string().nullable(),
  headerRow: z.number().int(),
  columns: z.array(z.string()),
  rowCount: z.number().int(),
  sampleRows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
});
export type ImportPreview = z.infer<typeof Preview>;

const RowEdit = z.strictObject({
  rowIndex: z.number().int().min(0),
  column: z.number().int().min(0),
  value: z.string().max(100_000),
});

const Validation = z.object({
  jobId: z.string(),
  rowsTotal: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  warningRows: z.number().int(),
  excludedRows: z.number().int(),
  /** Rows this form already received from an earlier import of the same data; skipped on start. */
  alreadyImported: z.number().int(),
  issues: z.array(CellIssue),
  /** The values a column of one-answer questions (a choice, a rating) allows: fixes pick from them. */
  allowed: z.array(z.object({ column: z.number().int(), values: z.array(z.string()) })),
  /**
   * Each date column's order (`format`) beside the one most of its dates read in (`best`), and how
   * surely the file bears that out (`dateOrder.ts`): the review says how its dates are read.
   */
  dates: z.array(
    z.object({
      column: z.number().int(),
      format: DateFormat,
      best: DateFormat,
      settled: z.enum(['sure', 'ambiguous', 'mixed']),
    }),
  ),
  /** The rows that have issues, with their cells as they will be sent (edits applied). */
  rows: z.array(
    z.object({
      rowIndex: z.number().int(),
      line: z.number().int(),
      cells: z.array(z.string()),
      excluded: z.boolean(),
    }),
  ),
});
export type ImportValidation = z.infer<typeof Validation>;

const ExportedCsv = z.object({ fileName: z.string(), contentBase64: z.string() });

export const importOps = {
  /** Large files arrive in parts; the last part answers with the id to parse. */
  'imports.upload': op(
    z.strictObject({
      uploadId: z.string().max(100).optional(),
      fileName: z.string().min(1).max(500),
      chunkBase64: uploadPart,
      final: z.boolean(),
    }),
    z.object({ uploadId: z.string(), receivedBytes: z.number().int() }),
  ),
  'imports.parse': op(
    z.union([
      z.strictObject({
        fileName: z.string().min(1).max(500),
        contentBase64: base64,
        options: ReadOptions.optional(),
      }),
      z.strictObject({ uploadId: z.string().min(1).max(100), options: ReadOptions.optional() }),
    ]),
    Preview,
  ),
  'imports.suggestMapping': op(
    z.strictObject({ formId: z.string().min(1).max(200), fileId: z.string().min(1).max(100) }),
    z.object({
      mappings: z.array(
        ColumnMapping.extend({
          confidence: z.number(),
          remembered: z.boolean(),
          /** Why this target (its header, its values, an earlier choice), in a sentence. */
          reason: z.string(),
        }),
      ),
      questions: z.array(
        z.object({ id: z.string(), name: z.string(), type: z.string(), rules: QuestionRules }),
      ),
    }),
  ),
  /** The first rows as the mapping would send them: each cell's value, or why it cannot be. */
  'imports.previewMapping': op(
    z.strictObject({
      fileId: z.string().min(1).max(100),
      formId: z.string().min(1).max(200),
      mappings: z.array(ColumnMapping),
    }),
    z.object({
      rows: z.array(
        z.object({
          line: z.number().int(),
          cells: z.array(
            z.object({
              column: z.number().int(),
              /** The value as sent, in JSON; null when nothing is sent (empty, or a problem). */
              sent: z.string().nullable(),
              problem: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
  'imports.validate': op(
    z.union([
      z.strictObject({
        fileId: z.string().min(1).max(100),
        formId: z.string().min(1).max(200),
        mappings: z.array(ColumnMapping),
      }),
      z.strictObject({
        jobId,
        edits: z.array(RowEdit).max(10_000).optional(),
        exclude: z.array(z.number().int().min(0)).optional(),
        include: z.array(z.number().int().min(0)).optional(),
        /** A date column read in another order, chosen in the review. */
        dateFormats: z
          .array(z.strictObject({ column: z.number().int().min(0), dateFormat: DateFormat }))
          .max(1000)
          .optional(),
      }),
    ]),
    Validation,
  ),
  'imports.dryRun': op(
    z.strictObject({ jobId }),
    z.object({
      rowsToSend: z.number().int(),
      skippedAlreadyImported: z.number().int(),
      requests: z.number().int(),
      expectedDurationMs: z.number(),
      firstBatches: z.array(z.object({ rows: z.array(z.number().int()), body: z.unknown() })),
      /**
       * The same rows as people read them: each field by its question's title (no ids), in the
       * file's column order, and each row's values as sent, in JSON (null: no answer).
       */
      shown: z.object({
        fields: z.array(
          z.object({ label: z.string(), kind: z.enum(['date', 'datetime', 'value']) }),
        ),
        rows: z.array(
          z.object({
            line: z.number().int(),
            request: z.number().int(),
            values: z.array(z.string().nullable()),
          }),
        ),
      }),
      /**
       * Whether the service keeps the times Formdesk sends (learnt from earlier answers; null
       * until one came): without them a row whose answer is lost is left to the person.
       */
      serviceKeepsTimes: z.boolean().nullable(),
    }),
  ),
  'imports.start': op(z.strictObject({ jobId }), ImportSummary),
  'imports.pause': op(z.strictObject({ jobId }), ImportSummary),
  'imports.resume': op(z.strictObject({ jobId }), ImportSummary),
  'imports.cancel': op(z.strictObject({ jobId }), ImportSummary),
  'imports.list': op(z.strictObject({}), z.object({ imports: z.array(ImportSummary) })),
  'imports.report': op(
    z.strictObject({ jobId }),
    z.object({
      summary: ImportSummary,
      rows: z.array(
        z.object({
          rowIndex: z.number().int(),
          line: z.number().int(),
          status: z.string(),
          submissionId: z.string().nullable(),
          message: z.string().nullable(),
        }),
      ),
    }),
  ),
  /**
   * The person's call on rows whose creation could not be confirmed: `send` puts them back in
   * line and resumes the import; `leave` keeps them as they are (they may be on the service).
   */
  'imports.decideUnconfirmed': op(
    z.strictObject({
      jobId,
      rowIndexes: z.array(z.number().int().min(0)).min(1).max(10_000),
      decision: z.enum(['send', 'leave']),
    }),
    ImportSummary,
  ),
  /** Failed and invalid rows as CSV, to fix and import again (formula-like cells neutralised). */
  'imports.exportFailed': op(z.strictObject({ jobId }), ExportedCsv),
  /** Every row with its outcome and submission id, for audit. */
  'imports.exportReport': op(z.strictObject({ jobId }), ExportedCsv),
};
