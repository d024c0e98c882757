import { daysBefore } from '../../../../electron/shared/recentDays';

/** Quick date ranges for the toolbar. `after` is inclusive, `before` open (now). */
export interface DateRangeValue {
  after: string | null;
  before: string | null;
}

export const DATE_PRESET_IDS = ['24h', '7d', '30d', '90d', 'ytd'] as const;

export const DATE_PRESETS = [
  { id: '24h', label: 'Last 24 hours' },
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: '90d', label: 'Last 90 days' },
  { id: 'ytd', label: 'This year' },
] as const;
export type DatePresetId = (typeof DATE_PRESET_IDS)[number];

export function presetRange(id: DatePresetId, now: Date = new Date()): DateRangeValue {
  const ago = (days: number) => daysBefore(now, days);
  switch (id) {
    case '24h':
      return { after: ago(1), before: null };
    case '7d':
      return { after: ago(7), before: null };
    case '30d':
      return { after: ago(30), before: null };
    case '90d':
      return { after: ago(90), before: null };
    case 'ytd':
      return { after: new Date(now.getFullYear(), 0, 1).toISOString(), before: null };
  }
}
