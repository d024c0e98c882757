import { Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { DATE_PRESETS, presetRange, type DatePresetId } from './datePresets';
import { endOfLocalDay, startOfLocalDay } from './filterOps';

/** A range of instants chosen by calendar day, or by a preset counted from now. */
export interface DateRange {
  /** Exclusive, as the service's `afterDate`: the start of the first day, or just before it. */
  after: string | null;
  /** The start of the day after the last one, so that day is included. */
  before: string | null;
  datePreset: DatePresetId | null;
}

/** The calendar day (`YYYY-MM-DD`, the viewer's zone) of an instant, `shift` days on. */
export function dayOf(iso: string | null, shift = 0): string {
  if (!iso) return '';
  const time = new Date(iso);
  time.setDate(time.getDate() + shift);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A calendar day (`YYYY-MM-DD`) as the person's locale writes it. */
function shownDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return dayFormat.format(new Date(y!, m! - 1, d));
}

/** A range of calendar days as the person's locale writes one ("Mar 3 – 9, 2026"). */
function shownDays(first: string, last: string): string {
  const [a, b] = [first, last].map((day) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y!, m! - 1, d);
  });
  return dayFormat.formatRange(a!, b!);
}

/** First and last day, both included, in the viewer's zone, with quick presets. */
export function DateRangeControl({
  value,
  onChange,
  heading,
  labels = { after: 'First day', before: 'Last day' },
}: {
  value: DateRange;
  onChange(patch: Partial<DateRange>): void;
  /** What the dates are of ("Submitted"). */
  heading: string;
  labels?: { after: string; before: string };
}) {
  const [open, setOpen] = useState(false);
  // `after` is exclusive: the range starts on the day of the first instant it lets through (a
  // timeline bar's range begins a millisecond before its first day).
  const after = dayOf(value.after && new Date(Date.parse(value.after) + 1).toISOString());
  const before = dayOf(value.before, -1);
  const chosen = DATE_PRESETS.find((p) => p.id === value.datePreset);
  const label = chosen
    ? chosen.label
    : after && before
      ? shownDays(after, before)
      : after
        ? `Since ${shownDay(after)}`
        : before
          ? `Up to ${shownDay(before)}`
          : 'Any time';
  const active = Boolean(value.after || value.before);

  return (
    <Popover
      opened={open}
      onChange={setOpen}
      position="bottom-start"
      shadow="md"
      width={360}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant={active ? 'light' : 'default'}
          leftSection={<IconCalendar size={16} />}
          onClick={() => setOpen((o) => !o)}
          aria-label={`Date range: ${label}`}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" fw={600}>
            {heading}
          </Text>
          <Group gap={6}>
            {DATE_PRESETS.map((preset) => (
              <Button
                key={preset.id}
                size="compact-xs"
                // The preset in use stands out, and says so to screen readers.
                variant={preset.id === value.datePreset ? 'filled' : 'light'}
                aria-pressed={preset.id === value.datePreset}
                onClick={() => {
                  onChange({ ...presetRange(preset.id), datePreset: preset.id });
                  setOpen(false);
                }}
              >
                {preset.label}
              </Button>
            ))}
          </Group>
          <Group grow gap="xs">
            <TextInput
              type="date"
              label={labels.after}
              value={after}
              onChange={(event) =>
                onChange({
                  after: event.currentTarget.value
                    ? startOfLocalDay(event.currentTarget.value)
                    : null,
                  datePreset: null,
                })
              }
            />
            <TextInput
              type="date"
              label={labels.before}
              value={before}
              onChange={(event) =>
                onChange({
                  before: event.currentTarget.value
                    ? endOfLocalDay(event.currentTarget.value)
                    : null,
                  datePreset: null,
                })
              }
            />
          </Group>
          {active && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => onChange({ after: null, before: null, datePreset: null })}
            >
              Any time
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
