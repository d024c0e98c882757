import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import {
  DATE_FORMATS,
  type DateFormat,
  type ImportValidation,
} from '../../../../electron/shared/contract/imports';

/** Each order as people say it, with the same day written in it. */
const ORDERS: Record<DateFormat, { name: string; example: string }> = {
  iso: { name: 'year-month-day', example: '2025-03-14' },
  'dd.mm.yyyy': { name: 'day.month.year', example: '14.03.2025' },
  'dd/mm/yyyy': { name: 'day/month/year', example: '14/03/2025' },
  'mm/dd/yyyy': { name: 'month/day/year', example: '03/14/2025' },
};

type Reading = ImportValidation['dates'][number];

/** Why the column reads as it does, in a sentence; and whether the person should look. */
function sentence(reading: Reading, column: string): { text: string; check: boolean } {
  const { format, best, settled } = reading;
  const read = `Dates in column ${column} read as ${ORDERS[format].name}`;
  if (format !== best)
    return { text: `${read}, as chosen; most of them read as ${ORDERS[best].name}.`, check: true };
  if (settled === 'ambiguous') {
    const other = format === 'mm/dd/yyyy' ? 'dd/mm/yyyy' : 'mm/dd/yyyy';
    return {
      text: `${read}, but could be ${ORDERS[other].name}: no day is over 12. Choose the order the file was written in.`,
      check: true,
    };
  }
  if (settled === 'mixed')
    return {
      text: `${read}, the order most of them fit; the dates that fit only another order are marked.`,
      check: true,
    };
  return {
    text: format.includes('/') ? `${read}: some of them have a day over 12.` : `${read}.`,
    check: false,
  };
}

/**
 * Above the review's table: how each date column is read when that is not plain ISO, with the
 * order to change it to. The file's own dates set it where they leave no doubt.
 */
export function DateOrderNotes({
  dates,
  columns,
  onChoose,
}: {
  dates: ImportValidation['dates'];
  columns: readonly string[];
  onChoose: (column: number, order: DateFormat) => void;
}) {
  const noted = dates.filter((d) => d.format !== 'iso' || d.best !== 'iso' || d.settled !== 'sure');
  if (noted.length === 0) return null;
  return (
    <Stack gap={6}>
      {noted.map((reading) => {
        const header = columns[reading.column]?.trim();
        const name = header ? `“${header}”` : String(reading.column + 1);
        const { text, check } = sentence(reading, name);
        return (
          <Alert
            key={reading.column}
            color={check ? 'yellow' : 'blue'}
            variant="light"
            icon={<IconCalendar size={18} aria-hidden />}
            p="xs"
            role="note"
            aria-label={`Dates in ${header || `column ${reading.column + 1}`}`}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{text}</Text>
              <Select
                size="xs"
                w={230}
                aria-label={`Date order of ${header || `column ${reading.column + 1}`}`}
                data={DATE_FORMATS.map((f) => ({
                  value: f,
                  label: `${ORDERS[f].name} (${ORDERS[f].example})`,
                }))}
                value={reading.format}
                allowDeselect={false}
                onChange={(order) =>
                  order && order !== reading.format && onChoose(reading.column, order as DateFormat)
                }
              />
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
