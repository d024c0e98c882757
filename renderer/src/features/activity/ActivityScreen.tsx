import { Badge, Button, Code, Group, Menu, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconDownload, IconHistory } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Submission } from '../../../../electron/shared/api/submission';
import { type ActivityEntry } from '../../../../electron/shared/contract/activity';
import { type ExportFormat } from '../../../../electron/shared/contract/submissions';
import { useAppLocation } from '../../app/useAppLocation';
import { opKey, useInvoke, useOp } from '../../bridge';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { RelativeTime } from '../../components/RelativeTime';
import { shownLine, tooltipOf } from '../../components/respondentText';
import { sheetOf, useExportPreferences } from '../exports/exportPreferences';
import { SubmissionDetail } from '../submissions/SubmissionDetail';
import { useExportRunner } from '../submissions/useExportRunner';
import { ActivityFilters } from './ActivityFilters';
import { canRecreate, RecreateCopyModal, RecreationNote } from './RecreateCopy';
import { activityKindLabel } from '../../../../electron/shared/activityKind';
import {
  isNarrowed,
  toActivityFilter,
  viewFromLocation,
  viewToLocation,
  type ActivityView,
} from './activityView';

const PAGE_SIZE = 100;
const numberFormat = new Intl.NumberFormat();

/**
 * The local audit log: what this machine changed on the service, newest first, narrowed by a
 * search, kinds, a form and days (kept in the URL, so a reload or Back shows the same list). A
 * deleted submission's snapshot can be opened as it was, copied, exported with what is shown, or
 * created again on the service (as a new submission) when it was deleted by mistake.
 */
export function ActivityScreen() {
  const invoke = useInvoke();
  const forms = useOp('forms.list', {});
  const workspaces = useOp('workspaces.list', {});
  const [viewing, setViewing] = useState<ActivityEntry | null>(null);
  const [recreating, setRecreating] = useState<ActivityEntry | null>(null);
  const exporter = useExportRunner();
  const [preferences] = useExportPreferences();

  const { view: params, setView } = useAppLocation();
  // Read once per change of the URL: a preset counted from now on every render would be a new
  // query each time.
  const paramsKey = JSON.stringify(params);
  const view = useMemo(
    () => viewFromLocation(JSON.parse(paramsKey) as Record<string, string>),
    [paramsKey],
  );
  const narrowed = isNarrowed(view);
  const filter = useMemo(() => toActivityFilter(view), [view]);
  const change = (patch: Partial<ActivityView>) => setView(viewToLocation({ ...view, ...patch }));
  // Clearing starts the filters afresh, the search box with what it was typing.
  const [cleared, setCleared] = useState(0);
  const clear = () => {
    setView({});
    setCleared((n) => n + 1);
  };

  const log = useInfiniteQuery({
    queryKey: [...opKey('activity.list', { limit: PAGE_SIZE, filter })],
    queryFn: ({ pageParam }) =>
      invoke('activity.list', {
        limit: PAGE_SIZE,
        filter,
        ...(pageParam === null ? {} : { beforeId: pageParam }),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    // The list stays in place while a new filter's entries load, rather than blinking out.
    placeholderData: keepPreviousData,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const counts = log.data?.pages[0];

  const formName = (formId: string | null) =>
    formId ? (forms.data?.forms.find((f) => f.formId === formId)?.name ?? formId) : '—';
  const workspaceName = (id: string) =>
    workspaces.data?.workspaces.find((w) => w.id === id)?.name ?? id;
  // Who and what, from the kept snapshot: a person reads a name, not a submission's UUID. The
  // respondent's words are quoted and isolated, so they cannot pass for the app's own sentence.
  const describe = (entry: ActivityEntry) => {
    if (entry.kind !== 'submission.deleted' || entry.respondent === null) return entry.summary;
    return (
      <>
        Deleted the submission of <Quoted text={entry.respondent} /> from {formName(entry.formId)}.
      </>
    );
  };

  const exportLog = (format: ExportFormat) =>
    void exporter.run({
      title: 'Exporting the activity log',
      formId: null,
      start: async () => {
        const result = await invoke('activity.export', {
          filter,
          format,
          sheet: sheetOf(preferences),
        });
        return { ...result, count: result.entries };
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          Activity
        </Title>
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              rightSection={<IconChevronDown size={14} />}
              loading={exporter.running}
              disabled={entries.length === 0}
            >
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => exportLog('xlsx')}>Excel workbook (.xlsx)</Menu.Item>
            <Menu.Item onClick={() => exportLog('csv')}>CSV</Menu.Item>
            <Menu.Item onClick={() => exportLog('json')}>JSON</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {(narrowed || (counts?.unnarrowed ?? 0) > 0) && (
        <ActivityFilters
          key={cleared}
          view={view}
          onChange={change}
          onClear={clear}
          forms={forms.data?.forms ?? []}
        />
      )}
      {log.isPending ? (
        <LoadingState rows={5} height={40} label="Loading activity" />
      ) : log.isError ? (
        <ErrorAlert error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 && narrowed ? (
        <EmptyState icon={<IconHistory size={28} />} title="No activity matches">
          <Button variant="light" mt="sm" onClick={clear}>
            Clear filters
          </Button>
        </EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState icon={<IconHistory size={28} />} title="Nothing changed from here yet">
          Deleted submissions are listed here with a copy of what they held, so nothing disappears
          without a trace.
        </EmptyState>
      ) : (
        <>
          {counts && (
            <Text size="sm" c="dimmed" role="status" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {narrowed
                ? `${numberFormat.format(counts.total)} of ${numberFormat.format(counts.unnarrowed)} entries`
                : `${numberFormat.format(counts.unnarrowed)} ${counts.unnarrowed === 1 ? 'entry' : 'entries'}`}
            </Text>
          )}
          <Table
            highlightOnHover
            verticalSpacing="xs"
            aria-label="Activity"
            data-state={log.isPlaceholderData ? 'updating' : 'ready'}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Form</Table.Th>
                <Table.Th>Submission</Table.Th>
                <Table.Th>Workspace</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id} data-submission-id={entry.submissionId ?? undefined}>
                  <Table.Td>
                    <RelativeTime value={entry.at} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge
                        size="sm"
                        variant="light"
                        color={entry.kind.endsWith('deleted') ? 'red' : 'blue'}
                        tt="none"
                      >
                        {activityKindLabel(entry.kind)}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {describe(entry)}
                      </Text>
                      <RecreationNote entry={entry} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>{formName(entry.formId)}</Table.Td>
                  <Table.Td>
                    {entry.submissionId ? (
                      <Stack gap={2}>
                        {entry.respondent && (
                          <Text size="sm">
                            <Quoted text={entry.respondent} />
                          </Text>
                        )}
                        <Code>{entry.submissionId}</Code>
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{workspaceName(entry.workspaceId)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {entry.snapshot !== null && entry.snapshot !== undefined && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setViewing(entry)}
                          aria-label={`View snapshot of ${entry.submissionId ?? entry.id}`}
                        >
                          View
                        </Button>
                      )}
                      {canRecreate(entry) && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setRecreating(entry)}
                          aria-label={`Create again: ${entry.submissionId ?? entry.id}`}
                        >
                          Create again
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {log.hasNextPage && (
            <Group justify="center">
              <Button
                variant="subtle"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                Show older entries
              </Button>
            </Group>
          )}
        </>
      )}
      <SnapshotModal entry={viewing} onClose={() => setViewing(null)} />
      <RecreateCopyModal entry={recreating} onClose={() => setRecreating(null)} />
    </Stack>
  );
}

/** A respondent's words inside the app's sentence: in quotes, isolated, hidden characters shown. */
function Quoted({ text }: { text: string }) {
  return (
    <span data-respondent-words title={tooltipOf(text)}>
      “<bdi>{shownLine(text)}</bdi>”
    </span>
  );
}

/** A deleted submission as it was, rendered like the detail view; any other snapshot as JSON. */
function SnapshotModal({ entry, onClose }: { entry: ActivityEntry | null; onClose(): void }) {
  const parsed = entry ? Submission.safeParse(entry.snapshot) : null;
  const json = entry ? JSON.stringify(entry.snapshot, null, 2) : '';
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      size="lg"
      title={
        entry ? `${activityKindLabel(entry.kind)} · ${new Date(entry.at).toLocaleString()}` : ''
      }
    >
      {entry && (
        <Stack gap="md">
          <Group justify="flex-end" gap={4}>
            <Text size="xs" c="dimmed">
              Copy as JSON
            </Text>
            <CopyButton value={json} label="Copy snapshot as JSON" />
          </Group>
          {parsed?.success ? (
            <SubmissionDetail
              submission={parsed.data}
              status={null}
              isPreview={false}
              fromCacheNotice={null}
              search=""
            />
          ) : (
            <Code block>{json}</Code>
          )}
        </Stack>
      )}
    </Modal>
  );
}
