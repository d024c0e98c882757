import { Stack, Text } from '@mantine/core';
import { type SchedulingAnswer } from '../../../../electron/shared/api/submission';
import { ExternalLink } from '../../components/ExternalLink';
import { RespondentText } from '../../components/RespondentText';
import { formatEventTime } from './eventTime';
import { Field } from './Field';

/** A table cell: when the first booked event starts, in the viewer's zone. */
export function SchedulingSummary({ scheduling }: { scheduling: SchedulingAnswer[] }) {
  const first = scheduling[0]?.value;
  const time = first?.eventStartTime
    ? formatEventTime(first.eventStartTime, first.eventEndTime, first.timezone)
    : null;
  if (!first || !time)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Text span size="sm" title={time.event ?? undefined}>
      {time.local.replace(/ \(.*\)$/, '')}
      {scheduling.length > 1 ? ` +${scheduling.length - 1}` : ''}
    </Text>
  );
}

/** One booking: who, when (viewer's zone and the event's), and its links. */
export function SchedulingDetail({ entry }: { entry: SchedulingAnswer }) {
  const { value } = entry;
  const time = value.eventStartTime
    ? formatEventTime(value.eventStartTime, value.eventEndTime, value.timezone)
    : null;
  return (
    <Stack gap={4}>
      {time && (
        <>
          <Field label="When">{time.local}</Field>
          {time.event && <Field label="Event zone">{time.event}</Field>}
        </>
      )}
      {value.fullName && <Field label="Name">{value.fullName}</Field>}
      {value.email && <Field label="E-mail">{value.email}</Field>}
      {value.scheduledUserEmail && <Field label="Host">{value.scheduledUserEmail}</Field>}
      {value.eventUrl && (
        <Field label="Event">
          <ExternalLink href={value.eventUrl}>Open event</ExternalLink>
        </Field>
      )}
      {value.rescheduleOrCancelUrl && (
        <Field label="Change">
          <ExternalLink href={value.rescheduleOrCancelUrl}>Reschedule or cancel</ExternalLink>
        </Field>
      )}
      {value.meetingNotes && (
        <Field label="Notes">
          <RespondentText text={value.meetingNotes} />
        </Field>
      )}
      {value.eventId && <Field label="Event id">{value.eventId}</Field>}
    </Stack>
  );
}
