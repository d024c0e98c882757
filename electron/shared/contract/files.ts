import { z } from 'zod';
import { op } from './define';

/** How an export reached the person: saved where they chose, cancelled, or offered as a download. */
export const ExportDelivery = z.discriminatedUnion('delivery', [
  z.object({ delivery: z.literal('saved'), fileName: z.string(), savedTo: z.string() }),
  z.object({ delivery: z.literal('cancelled') }),
  /** Browser mode: a same-origin URL, valid once and for a short time; open it to download. */
  z.object({ delivery: z.literal('download'), fileName: z.string(), url: z.string() }),
]);
export type ExportDelivery = z.infer<typeof ExportDelivery>;

export const fileOps = {
  /**
   * Hands a finished export (`submissions.export`, `activity.export`) to the person: a save dialog
   * in the desktop app, a download link in browser mode.
   */
  'files.saveExport': op(z.strictObject({ exportId: z.uuid() }), ExportDelivery),
};
