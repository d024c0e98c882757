import { Text } from '@mantine/core';
import { formatDateTime, formatDay } from '../../../../electron/shared/answers/dateFormat';
import { shownLine } from '../../components/respondentText';
import { readableSent } from './sentValue';

/** A value as it will be sent (JSON), as people read it, dates in their format; JSON on hover. */
export function SentText({
  sent,
  kind = 'value',
}: {
  sent: string | null;
  kind?: 'date' | 'datetime' | 'value';
}) {
  if (sent === null)
    return (
      <Text size="xs" c="dimmed">
        (no answer)
      </Text>
    );
  const value = readableSent(sent);
  const shown =
    kind === 'date' ? formatDay(value) : kind === 'datetime' ? formatDateTime(value) : value;
  return (
    // A date and its time read as one: not broken over two lines.
    <Text size="sm" title={sent} style={kind === 'value' ? undefined : { whiteSpace: 'nowrap' }}>
      <bdi dir="auto">{shownLine(shown)}</bdi>
    </Text>
  );
}
