import { Badge, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type AppEvent } from '../../../../electron/shared/contract';
import { useMachineOnline } from '../../app/connection';
import { REACH_WORDS, unreachableOf } from '../../app/reach';
import { useAppEvent, useOp, useOpMutation } from '../../bridge';
import { RelativeTime } from '../../components/RelativeTime';

type SyncProgress = Extract<AppEvent, { type: 'sync.progress' }>;

/** How fresh this form's cache is, always in view: syncing (with progress), synced when, offline, stale. */
export function FormSyncState({ formId }: { formId: string }) {
  const status = useOp('sync.status', { formId }, { refetchInterval: 60_000 });
  const start = useOpMutation('sync.start', { invalidates: ['sync.'] });
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  // "Sync now" that finds nothing new changes nothing on screen: its end is said in words.
  const [asked, setAsked] = useState(false);
  const [checkedAt, setCheckedAt] = useState<string | null>(null);
  useAppEvent('sync.progress', (event) => {
    if (event.formId !== formId) return;
    setProgress(event.done ? null : event);
    if (event.done && asked) {
      setAsked(false);
      setCheckedAt(new Date().toISOString());
    }
  });

  const form = status.data?.forms.find((f) => f.formId === formId);
  const connection = status.data?.connection.state ?? 'unknown';
  const unreachable = unreachableOf(connection, useMachineOnline());
  const syncing = progress !== null || form?.state === 'syncing';

  let badge;
  if (syncing) {
    badge = stateBadge(
      'syncing',
      'blue',
      <Loader size={10} />,
      progress
        ? `Syncing · ${progress.rowsDone.toLocaleString()}${progress.totalExpected ? ` of ${progress.totalExpected.toLocaleString()}` : ''}`
        : 'Syncing',
    );
  } else if (unreachable) {
    badge = (
      <Tooltip label={REACH_WORDS[unreachable].sentence} multiline maw={320}>
        {stateBadge(
          'offline',
          'yellow',
          <IconCloudOff size={12} />,
          `${REACH_WORDS[unreachable].badge} · cached`,
        )}
      </Tooltip>
    );
  } else if (form?.state === 'error' || form?.stale) {
    badge = (
      <Tooltip label={form.lastError ?? 'Not synced for a while; the rows may be out of date.'}>
        {stateBadge(
          'stale',
          'orange',
          <IconAlertTriangle size={12} />,
          form.state === 'error' ? 'Sync failed' : 'Stale',
        )}
      </Tooltip>
    );
  } else {
    badge = form?.lastSyncedAt
      ? stateBadge('synced', 'teal', <IconCloudCheck size={12} />, 'Synced')
      : stateBadge('never', 'gray', null, 'Not synced yet');
  }

  return (
    <Group gap={6} wrap="nowrap" aria-label="Sync state" role="status">
      {badge}
      {checkedAt && !syncing && form?.state !== 'error' ? (
        <Text size="xs" c="dimmed" data-state="checked">
          Up to date · checked <RelativeTime value={checkedAt} />
        </Text>
      ) : (
        form?.lastSyncedAt &&
        !syncing && (
          <Text size="xs" c="dimmed">
            <RelativeTime value={form.lastSyncedAt} />
          </Text>
        )
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconRefresh size={12} />}
        loading={start.isPending}
        disabled={syncing}
        onClick={() => {
          setAsked(true);
          setCheckedAt(null);
          start.mutate({ formId, mode: 'incremental' }, { onError: () => setAsked(false) });
        }}
      >
        Sync now
      </Button>
    </Group>
  );
}

/** One of the form's sync states as a badge: an element, not a component, so a tooltip can hold it. */
function stateBadge(state: string, color: string, icon: ReactNode, words: string) {
  return (
    <Badge variant="light" color={color} leftSection={icon} data-state={state} tt="none">
      {words}
    </Badge>
  );
}
