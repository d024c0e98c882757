import { Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { toErrorShape, useOp, useOpMutation } from '../bridge';
import { adviseOn } from '../components/errorAdvice';
import { OfflineBadge } from '../components/OfflineBadge';
import { RelativeTime } from '../components/RelativeTime';
import { useConnectionState } from './connection';

/** The header's view of the cache: connection, the last sync, and a global "Sync now" (or stop). */
export function SyncIndicator({ workspaceId }: { workspaceId: string }) {
  const connection = useConnectionState(workspaceId);
  const status = useOp('sync.status', {});
  const notifyFailure = (title: string) => (error: unknown) =>
    notifications.show({ color: 'red', title, message: adviseOn(toErrorShape(error)).sentence });
  const start = useOpMutation('sync.start', { onError: notifyFailure('Sync did not start') });
  const cancel = useOpMutation('sync.cancel', {
    onError: notifyFailure('Sync could not be stopped'),
  });

  const running = status.data?.running ?? null;
  const offline = connection === 'offline' || connection === 'unauthorized';
  const lastSyncedAt = latest(status.data?.forms.map((form) => form.lastSyncedAt) ?? []);

  return (
    <Group
      gap="sm"
      wrap="nowrap"
      data-state={running ? 'syncing' : offline ? connection : 'idle'}
      aria-label="Sync"
    >
      <OfflineBadge state={connection} />
      {running ? (
        <Group gap={6} wrap="nowrap" role="status">
          <Loader size={14} />
          <Text size="sm" c="dimmed" visibleFrom="md">
            Syncing…
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
          label="The service cannot be reached; cached data stays available."
          disabled={!offline}
        >
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={start.isPending}
            disabled={offline}
            onClick={() => start.mutate({})}
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
