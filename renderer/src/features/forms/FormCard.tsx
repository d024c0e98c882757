import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Menu,
  Progress,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronRight,
  IconClockExclamation,
  IconRefresh,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { FormRow, FormSyncStatus, SyncMode } from '../../../../electron/shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { exactTime, RelativeTime } from '../../components/RelativeTime';
import { summarizeActivity, type PerDay } from './activitySummary';
import { describeProgress, type SyncProgress } from './syncProgress';

const count = new Intl.NumberFormat();

// Charts draw with recharts, the largest library in the app: the cards show first, their charts a
// moment later.
const Sparkline = lazy(() =>
  import('@mantine/charts').then((charts) => ({ default: charts.Sparkline })),
);

export interface FormCardProps {
  form: FormRow;
  /** The sync bookkeeping of the form (last error, an interrupted pass), once loaded. */
  status?: FormSyncStatus;
  progress?: SyncProgress;
  offline: boolean;
  /** The workspace's banner already says the key was refused: a card's failed sync repeats it. */
  keyRefused?: boolean;
  onOpen: () => void;
  onSync: (mode: SyncMode) => void;
}

/** One form in the list: what it is, how much of it is cached and how fresh, and its sync. */
export function FormCard({
  form,
  status,
  progress,
  offline,
  keyRefused = false,
  onOpen,
  onSync,
}: FormCardProps) {
  const state = form.syncState ?? status?.state;
  const syncing = progress ? !progress.done : state === 'syncing';
  const described = progress && !progress.done ? describeProgress(progress) : null;
  const error = keyRefused
    ? null
    : (progress?.error ??
      (state === 'error' ? (status?.lastError ?? 'the service did not answer') : null));
  const lastSyncedAt = form.lastSyncedAt ?? status?.lastSyncedAt ?? null;
  const counts = form.counts ?? status?.counts;
  const stale = form.stale ?? status?.stale ?? false;

  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={form.name}
      data-form-id={form.formId}
      data-state={syncing ? 'syncing' : (state ?? 'unknown')}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <UnstyledButton onClick={onOpen} aria-label={`Open ${form.name}`}>
            <Group gap={4} wrap="nowrap">
              <Text fw={600} truncate>
                {form.name}
              </Text>
              <IconChevronRight size={16} style={{ flexShrink: 0 }} />
            </Group>
          </UnstyledButton>
          <Group gap={2} wrap="nowrap">
            <Text size="xs" c="dimmed" ff="monospace" truncate>
              {form.formId}
            </Text>
            <CopyButton value={form.formId} label={`Copy the id of ${form.name}`} />
          </Group>
        </Stack>
        <SyncButton name={form.name} syncing={Boolean(syncing)} offline={offline} onSync={onSync} />
      </Group>

      <Group justify="space-between" align="flex-end" wrap="nowrap" mt="sm" gap="md">
        {counts && <Counts counts={counts} />}
        {form.perDay && form.perDay.length > 1 && (
          <ActivityChart perDay={form.perDay} recent={form.recent} name={form.name} />
        )}
      </Group>

      <Group gap="xs" mt="xs" mih={22}>
        {state === 'never' && !syncing && (
          <Text size="xs" c="dimmed">
            Not synced yet
          </Text>
        )}
        {syncing && !described && (
          // Forms sync one after another; a form waits here until its turn (or its first page).
          <Text size="xs" c="dimmed" role="status">
            {lastSyncedAt ? 'Waiting to sync…' : 'Waiting for its first sync…'}
          </Text>
        )}
        {lastSyncedAt && (
          <Text size="xs" c="dimmed">
            Synced <RelativeTime value={lastSyncedAt} />
          </Text>
        )}
        {status?.lastReconciledAt && (
          // Counts find deletes at every sync; only a row-by-row comparison sees edits of old rows.
          <Tooltip
            label={`Every sync finds deleted submissions; a full comparison, every few hours or on a full sync, also finds edits of older ones. The last one: ${exactTime(new Date(status.lastReconciledAt))}.`}
          >
            <Text size="xs" c="dimmed">
              All rows checked <RelativeTime value={status.lastReconciledAt} withTooltip={false} />
            </Text>
          </Tooltip>
        )}
        {stale && !syncing && (
          <Tooltip label="Not synced for a while, or the service cannot be reached: rows may be out of date.">
            <Badge
              size="sm"
              variant="light"
              color="orange"
              leftSection={<IconClockExclamation size={12} />}
            >
              Stale
            </Badge>
          </Tooltip>
        )}
        {status?.resumable && !syncing && (
          <Badge size="sm" variant="light" color="gray">
            Sync interrupted: resumes next time
          </Badge>
        )}
      </Group>

      {described && (
        <Stack gap={4} mt="xs" role="status" aria-live="polite">
          <Progress
            value={described.percent ?? 100}
            animated={described.percent === null}
            striped={described.percent === null}
            size="sm"
            aria-label={`Sync progress of ${form.name}`}
          />
          <Text size="xs" c="dimmed">
            {described.label}
          </Text>
        </Stack>
      )}
      {error && !syncing && (
        <Group gap={6} mt="xs" wrap="nowrap" role="alert">
          <IconAlertTriangle
            size={14}
            color="var(--mantine-color-red-6)"
            style={{ flexShrink: 0 }}
          />
          <Text size="xs" c="red">
            Last sync failed: {error}
          </Text>
        </Group>
      )}
    </Card>
  );
}

function Counts({ counts }: { counts: FormSyncStatus['counts'] }) {
  return (
    <Group gap="lg" aria-label="Cached submissions">
      <Stat label="Finished" value={counts.finished} />
      <Stat label="In progress" value={counts.in_progress} />
      {counts.preview > 0 && <Stat label="Previews" value={counts.preview} />}
    </Group>
  );
}

/** The cache counts by UTC day, ending today: the first day is named in UTC too. */
const dayLabel = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** Submissions per day from the cache, so it draws the same offline. */
function ActivityChart({
  perDay,
  recent,
  name,
}: {
  perDay: PerDay;
  recent: FormRow['recent'];
  name: string;
}) {
  const { label } = summarizeActivity(perDay, recent);
  return (
    <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
      <Suspense fallback={<Box w={160} h={40} />}>
        <Sparkline
          w={160}
          h={40}
          data={perDay.map((day) => day.count)}
          // A mid shade reads on both schemes; the primary's filled shade is dark for white text.
          color="indigo.5"
          // Drawn at once: an animated line starts flat, which reads as "no submissions".
          areaProps={{ isAnimationActive: false }}
          curveType="monotone"
          fillOpacity={0.4}
          strokeWidth={1.5}
          role="img"
          aria-label={`Submissions per day for ${name}: ${label}`}
        />
      </Suspense>
      {/* Where the line starts and ends: quiet recent days read as such, not as a blank chart. */}
      <Group justify="space-between" w={160} aria-hidden>
        <Text size="xs" c="dimmed">
          {dayLabel.format(new Date(`${perDay[0]!.day}T00:00:00Z`))}
        </Text>
        <Text size="xs" c="dimmed">
          today
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text fw={700} size="lg" lh={1.2}>
        {count.format(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function SyncButton({
  name,
  syncing,
  offline,
  onSync,
}: {
  name: string;
  syncing: boolean;
  offline: boolean;
  onSync: (mode: SyncMode) => void;
}) {
  const why = offline ? 'Offline: sync resumes when the service can be reached.' : null;
  return (
    <Button.Group>
      <Tooltip label={why ?? 'Fetch new and changed submissions'} disabled={syncing}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={syncing}
          disabled={offline}
          onClick={() => onSync('incremental')}
          aria-label={`Sync ${name}`}
        >
          Sync
        </Button>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            size={30}
            variant="default"
            disabled={offline || syncing}
            aria-label={`More sync options for ${name}`}
          >
            <IconChevronDown size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onSync('full')}>
            <Text size="sm">Re-download everything</Text>
            <Text size="xs" c="dimmed">
              Rebuilds this form’s cache from the service
            </Text>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Button.Group>
  );
}
