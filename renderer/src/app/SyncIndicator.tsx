import { Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { toErrorShape, useOp, useOpMutation } from '../bridge';
import { adviseOn } from '../components/errorAdvice';
import { OfflineBadge } from '../components/OfflineBadge';
import { RelativeTime } from '../components/RelativeTime';
import { useConnectionState, useMachineOnline } from './connection';
import { REACH_WORDS, unreachableOf } from './reach';

/** The header's view of the cache: connection, the last sync, and a global "Sync now" (or stop). */
export function SyncIndicator({ workspaceId }: { workspaceId: string }) {
  const connection = useConnectionState(workspaceId);
  const status = useOp('sync.status', {});
  const notifyFailure = (title: string) => (error: unknown) =>
    notifications.show({ color: 'red', title, message: adviseOn(toErrorShape(error)).sentence });
  // A sync that finds nothing new changes nothing on screen: its start and end are said in words.
  const [asked, setAsked] = useState<{ at: number; seenRunning: boolean } | null>(null);
  const [checkedAt, setCheckedAt] = useState<string | null>(null);
  const start = useOpMutation('sync.start', {
    invalidates: ['sync.'],
    onMutate: () => setAsked({ at: Date.now(), seenRunning: false }),
    onError: (error) => {
      setAsked(null);
      notifyFailure('Sync did not start')(error);
    },
  });
  const cancel = useOpMutation('sync.cancel', {
    onError: notifyFailure('Sync could not be stopped'),
  });

  const running = status.data?.running ?? null;
  const offline = connection === 'offline' || connection === 'unauthorized';
  const unreachable = unreachableOf(connection, useMachineOnline());
  // Ended once a status read after the start no longer shows the job (adjusted while rendering).
  if (asked && running && !asked.seenRunning) setAsked({ ...asked, seenRunning: true });
  if (
    asked &&
    !start.isPending &&
    !running &&
    (asked.seenRunning || status.dataUpdatedAt > asked.at)
  ) {
    setAsked(null);
    setCheckedAt(new Date().toISOString());
  }
  const starting = start.isPending || (asked !== null && !running);
  // A sync that could not reach the service, or failed on a form, checked nothing.
  const failed = offline || (status.data?.forms.some((form) => form.state === 'error') ?? false);
  const lastSyncedAt = latest(status.data?.forms.map((form) => form.lastSyncedAt) ?? []);

  return (
    <Group
      gap="sm"
      wrap="nowrap"
      data-state={running || starting ? 'syncing' : offline ? connection : 'idle'}
      aria-label="Sync"
    >
      <OfflineBadge state={connection} />
      {running || starting ? (
        <Group gap={6} wrap="nowrap" role="status" aria-label="Sync progress">
          <Loader size={14} />
          <Text size="sm" c="dimmed" visibleFrom="md">
            Syncing…
          </Text>
        </Group>
      ) : checkedAt && !failed ? (
        <Group gap={4} wrap="nowrap" role="status" aria-label="Sync progress" data-state="checked">
          <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text size="sm" c="dimmed" visibleFrom="md">
            Up to date · checked <RelativeTime value={checkedAt} />
          </Text>
        </Group>
      ) : (
        lastSyncedAt && (
          <Text size="sm" c="dimmed" visibleFrom="md">
            Synced <RelativeTime value={lastSyncedAt} />
          </Text>
        )
      )}
      {running ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlayerStop size={14} />}
          loading={cancel.isPending}
          onClick={() => cancel.mutate({})}
        >
          Stop sync
        </Button>
      ) : (
        <Tooltip
          label={
            unreachable
              ? REACH_WORDS[unreachable].sentence
              : 'The service refused the key; enter a new one in Settings.'
          }
          disabled={!offline}
          multiline
          maw={320}
        >
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={starting}
            disabled={offline || starting}
            onClick={() => {
              setCheckedAt(null);
              start.mutate({});
            }}
          >
            Sync now
          </Button>
        </Tooltip>
      )}
    </Group>
  );
}

function latest(times: readonly (string | null)[]): string | null {
  return times.reduce<string | null>(
    (max, time) => (time && (!max || time > max) ? time : max),
    null,
  );
}
