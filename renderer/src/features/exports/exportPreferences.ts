import { useLocalStorage } from '@mantine/hooks';
import { z } from 'zod';
import { type SheetSettings } from '../../../../electron/shared/contract/sheetSettings';

/**
 * How the person wants their spreadsheets: kept on this computer, parsed back leniently so a
 * stale entry loses only the part that no longer fits.
 */
export const ExportPreferences = z.object({
  utc: z.boolean().catch(false),
  keepEmptyColumns: z.boolean().catch(false),
  yes: z.string().trim().min(1).max(40).catch('Yes'),
  no: z.string().trim().min(1).max(40).catch('No'),
});
export type ExportPreferences = z.infer<typeof ExportPreferences>;

const KEY = 'formdesk.exports';
export const DEFAULT_PREFERENCES: ExportPreferences = ExportPreferences.parse({});

function read(raw: string | undefined): ExportPreferences {
  try {
    return ExportPreferences.parse(raw === undefined ? {} : JSON.parse(raw));
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function useExportPreferences() {
  return useLocalStorage<ExportPreferences>({
    key: KEY,
    defaultValue: DEFAULT_PREFERENCES,
    deserialize: read,
    getInitialValueInEffect: false,
  });
}

/** The zone the person's clock is in, as the browser knows it. */
export function personZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** What an export request says about its sheet. */
export function sheetOf(
  preferences: ExportPreferences,
  columns?: string[],
): z.input<typeof SheetSettings> {
  return { timeZone: personZone(), ...preferences, ...(columns ? { columns } : {}) };
}
