import { z } from 'zod';
import { isKnownZone } from '../answers/zonedTime';

/** How an export reads in a spreadsheet: the person's zone and words, the table's columns. */
export const SheetSettings = z.strictObject({
  /** The person's IANA zone: times are written as their clock shows them. */
  timeZone: z
    .string()
    .min(1)
    .max(100)
    .refine(isKnownZone, 'must be a time zone such as Europe/Berlin')
    .default('UTC'),
  /** Times in UTC whatever the person's zone. */
  utc: z.boolean().default(false),
  /** Keep the columns no exported row has a value in. */
  keepEmptyColumns: z.boolean().default(false),
  /** The words a switch, a checkbox or a yes/no column reads as. */
  yes: z.string().trim().min(1).max(40).default('Yes'),
  no: z.string().trim().min(1).max(40).default('No'),
  /**
   * The table's column ids in the order it shows them, hidden ones left out; absent, every
   * column in the table's default order.
   */
  columns: z.array(z.string().min(1).max(400)).max(5_000).optional(),
});
export type SheetSettings = z.output<typeof SheetSettings>;
