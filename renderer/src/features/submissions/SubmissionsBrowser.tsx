import { Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChartBar, IconFilterOff, IconInbox, IconTable } from '@tabler/icons-react';
import { getCoreRowModel, useReactTable, type Updater } from '@tanstack/react-table';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  type AnswerFilter,
  type SubmissionListRow,
} from '../../../../electron/shared/contract/submissions';
import { toErrorShape, useOp, useOpMutation } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { adviseOn } from '../../components/errorAdvice';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { type TableLayout } from './browseState';
import { catalogKey, catalogOf } from './columnCatalog';
import { answerKeyOf } from './columnIds';
import { buildColumns, SEARCH_HIT_COLUMN } from './columns';
import { ColumnsMenu } from './ColumnsMenu';
import { DeleteSubmissionModal } from './DeleteSubmissionModal';
import { ExportMenu } from './ExportMenu';
import { type FilterableField } from './AnswerFilterEditor';
import { toSubmissionQuery } from './queryInput';
import { SubmissionDrawer } from './SubmissionDrawer';
import { SubmissionsTable } from './SubmissionsTable';
import { SubmissionsToolbar } from './SubmissionsToolbar';
import { SELECT_COLUMN, selectColumn } from './selectColumn';
import { SelectionBar } from './SelectionBar';
import { withFilter } from './summaryFilters';
import { SyncIndicator } from './SyncIndicator';
import { useBrowseView } from './useBrowseView';
import { useRowSelection } from './useRowSelection';
import { useSubmissionWindows } from './useSubmissionWindows';
import { ViewsMenu } from './ViewsMenu';
import { type ViewStore } from './viewStore';

const numberFormat = new Intl.NumberFormat();
const importTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

// The summary's charts draw with recharts, the largest library in the app: loaded when first shown.
const SummaryPanel = lazy(() => import('./SummaryPanel'));

function apply<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

/**
 * The submissions of one form: toolbar, table, detail drawer and delete confirmation. Given an
 * import's job, it opens on the rows that import created.
 */
export function SubmissionsBrowser({
  formId,
  store,
  importJobId = null,
}: {
  formId: string;
  store: ViewStore;
  importJobId?: string | null;
}) {
  const { view, setView, setFilters, setLayout, resetLayout, reset } = useBrowseView(
    store,
    importJobId,
  );
  const { filters, layout } = view;
  const imports = useOp('imports.list', {}, { enabled: filters.importJobId !== null });
  const importJob = imports.data?.imports.find((job) => job.jobId === filters.importJobId);
  const importLabel = !filters.importJobId
    ? null
    : importJob
      ? `Imported by ${importJob.fileName}, ${importTime.format(new Date(importJob.createdAt))}`
      : 'Imported rows';
  const search = filters.search;
  const query = useMemo(
    () => toSubmissionQuery(formId, filters, layout.sorting),
    [formId, filters, layout.sorting],
  );
  const windows = useSubmissionWindows(query);
  const selection = useRowSelection(query, windows);
  const questions = useOp('questions.list', { formId });
  const { mutate: keepPreviews } = useOpMutation('forms.keepPreviews', {
    // The sync it starts tells of its progress, and of the rows, through its own events.
    invalidates: [],
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: 'Preview responses could not be fetched',
        message: adviseOn(toErrorShape(error)).sentence,
      }),
  });
  const includePreview = filters.includePreview;

  useEffect(() => {
    // The service lists previews only when asked: the cache fetches a form's once they are wanted.
    if (includePreview) keepPreviews({ formId });
  }, [includePreview, formId, keepPreviews]);

  const catalog = catalogOf(
    questions.data?.questions ?? [],
    windows.rows.map((r) => r.submission),
  );
  const key = catalogKey(catalog);
  // Columns are rebuilt only when the form's fields (or the search to mark, or whether previews
  // show) change.
  const columns = useMemo(
    () => [selectColumn(selection.store), ...buildColumns(catalog, search, includePreview)],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, search, includePreview],
  );
  const searching = search.trim() !== '';

  const layoutSetter =
    <K extends keyof TableLayout>(name: K) =>
    (updater: Updater<TableLayout[K]>) =>
      setLayout((current) => ({ [name]: apply(updater, current[name]) }));

  // eslint-disable-next-line react-hooks/incompatible-library -- not built with React Compiler
  const table = useReactTable({
    data: windows.rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.submissionId,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    // A first click sorts ascending whatever the column holds (TanStack's default flips numbers).
    sortDescFirst: false,
    columnResizeMode: 'onChange',
    defaultColumn: { minSize: 70, maxSize: 900 },
    state: {
      sorting: layout.sorting,
      columnOrder: layout.columnOrder,
      columnVisibility: layout.columnVisibility,
      columnSizing: layout.columnSizing,
      // The rows' boxes come first, pinned; neither they nor the search's column are saved.
      columnPinning: {
        ...layout.columnPinning,
        left: [
          SELECT_COLUMN,
          ...layout.columnPinning.left,
          ...(searching ? [SEARCH_HIT_COLUMN] : []),
        ],
      },
    },
    onSortingChange: layoutSetter('sorting'),
    onColumnOrderChange: layoutSetter('columnOrder'),
    onColumnVisibilityChange: layoutSetter('columnVisibility'),
    onColumnSizingChange: layoutSetter('columnSizing'),
    onColumnPinningChange: (updater) =>
      setLayout((current) => {
        const next = apply(updater, current.columnPinning);
        // The search's own column is pinned while it lasts, never into the saved layout.
        const kept = (ids: string[] | undefined) =>
          (ids ?? []).filter((id) => id !== SEARCH_HIT_COLUMN && id !== SELECT_COLUMN);
        return { columnPinning: { left: kept(next.left), right: kept(next.right) } };
      }),
  });

  // The keyboard's row belongs to one query: new filters or a new sort start at the top again.
  const queryId = JSON.stringify(query);
  const [active, setActive] = useState({ queryId, index: 0 });
  const activeIndex = active.queryId === queryId ? active.index : 0;
  const setActiveIndex = (index: number) => setActive({ queryId, index });
  const [opened, setOpened] = useState<{ index: number; row: SubmissionListRow } | null>(null);
  const [toDelete, setToDelete] = useState<SubmissionListRow | null>(null);
  const [filterRequest, setFilterRequest] = useState<{ key: string } | null>(null);
  // The toolbar keeps the search box's text while it is typed; a change made from elsewhere
  // (a saved view, a reset) starts it afresh with the new filters.
  const [toolbarVersion, setToolbarVersion] = useState(0);
  const replaceFilters = (apply: () => void) => {
    apply();
    setToolbarVersion((v) => v + 1);
  };
  const [mode, setMode] = useState<'table' | 'summary'>('table');
  const addAnswerFilter = (filter: AnswerFilter) =>
    replaceFilters(() => setFilters((f) => ({ answers: withFilter(f.answers, filter) })));

  const open = (index: number) => {
    const row = windows.rowAt(index);
    if (!row) return;
    setActiveIndex(index);
    setOpened({ index, row });
  };
  // Rows move while the drawer is open (a sync adds newer ones above it, a delete closes a gap):
  // previous and next are counted from where the open submission is now, not where it was.
  const step = (by: -1 | 1) => {
    if (!opened) return null;
    const index = (windows.indexOf(opened.row.submissionId) ?? opened.index) + by;
    return windows.rowAt(index) ? () => open(index) : null;
  };

  const offered = new Map((questions.data?.questions ?? []).map((q) => [q.id, q.options] as const));
  const fields: FilterableField[] = [
    ...catalog.questions.map((q) => ({
      key: q.id,
      name: q.name || q.id,
      type: q.type,
      options: offered.get(q.id),
    })),
    ...catalog.calculations.map((c) => ({
      key: `calculation:${c.id}`,
      name: c.name,
      type: 'Calculation',
    })),
    ...catalog.urlParameters.map((p) => ({
      key: `urlParameter:${p.id}`,
      name: `?${p.name}`,
      type: 'URL parameter',
    })),
  ];

  const narrowed = Boolean(
    filters.search ||
    filters.after ||
    filters.before ||
    filters.importJobId ||
    filters.answers.length > 0,
  );

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <SubmissionsToolbar
        key={toolbarVersion}
        filters={filters}
        onChange={(patch) => setFilters(patch)}
        counts={windows.counts}
        fields={fields}
        importLabel={importLabel}
        filterRequest={filterRequest}
        onFilterRequestHandled={() => setFilterRequest(null)}
        actions={
          <>
            <ViewsMenu
              store={store}
              current={view}
              onApply={(saved) => replaceFilters(() => setView(saved))}
              onReset={() => replaceFilters(reset)}
            />
            <ColumnsMenu table={table} onReset={resetLayout} />
            <ExportMenu
              query={query}
              total={windows.counting ? null : windows.total}
              columns={() => table.getVisibleLeafColumns().map((column) => column.id)}
            />
          </>
        }
      />
      <Group justify="space-between" gap="xs">
        <Group gap={8}>
          <Tabs
            variant="pills"
            radius="xl"
            value={mode}
            onChange={(value) => value && setMode(value as typeof mode)}
            activateTabWithKeyboard
          >
            <Tabs.List aria-label="Show the submissions as">
              <Tabs.Tab value="table" leftSection={<IconTable size={14} />}>
                Table
              </Tabs.Tab>
              <Tabs.Tab value="summary" leftSection={<IconChartBar size={14} />}>
                Summary
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Text
            size="sm"
            c="dimmed"
            aria-live="polite"
            data-testid="result-count"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {windows.isLoading
              ? 'Loading…'
              : windows.counting
                ? 'Counting matches…'
                : // "N of M": M is everything cached for this status, larger only when filters narrow it.
                  windows.unnarrowed !== null && windows.unnarrowed > windows.total
                  ? `${numberFormat.format(windows.total)} of ${numberFormat.format(windows.unnarrowed)} submissions`
                  : `${numberFormat.format(windows.total)} submissions`}
          </Text>
          {/* Rows on screen stay while a new query loads; this says they are about to change. */}
          {windows.isFetching && !windows.isLoading && <Loader size={12} aria-label="Updating" />}
        </Group>
        <SyncIndicator formId={formId} />
      </Group>

      {mode === 'table' && (
        <SelectionBar query={query} selection={selection} total={windows.total} />
      )}
      {windows.error && !windows.rows.length ? (
        <ErrorAlert error={windows.error} onRetry={windows.refetch} />
      ) : windows.isLoading ? (
        <LoadingState rows={8} height={36} label="Loading submissions" />
      ) : windows.total === 0 ? (
        narrowed ? (
          <EmptyState
            icon={<IconFilterOff size={28} />}
            title="No submissions match"
            action={
              <Button
                variant="light"
                onClick={() =>
                  replaceFilters(() =>
                    setFilters({
                      search: '',
                      after: null,
                      before: null,
                      datePreset: null,
                      importJobId: null,
                      answers: [],
                    }),
                  )
                }
              >
                Clear search and filters
              </Button>
            }
          >
            Nothing in this form matches the search, dates and filters above.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<IconInbox size={28} />}
            title={
              filters.status === 'finished'
                ? 'No finished submissions yet'
                : 'No submissions in progress'
            }
          >
            When people answer this form, their submissions appear here, also offline once synced.
          </EmptyState>
        )
      ) : mode === 'summary' ? (
        <Suspense fallback={<LoadingState rows={4} height={160} label="Loading charts" />}>
          <SummaryPanel
            query={query}
            onFilter={addAnswerFilter}
            {...(narrowed ? { onShowRows: () => setMode('table') } : {})}
            onDates={(range) => replaceFilters(() => setFilters({ ...range, datePreset: null }))}
          />
        </Suspense>
      ) : (
        <SubmissionsTable
          table={table}
          windows={windows}
          activeIndex={activeIndex}
          onActiveChange={setActiveIndex}
          selection={selection}
          onOpen={open}
          onDelete={(index) => setToDelete(windows.rowAt(index) ?? null)}
          onFilterColumn={(columnId) =>
            setFilterRequest({ key: answerKeyOf(columnId) ?? columnId })
          }
          resetKey={queryId}
        />
      )}

      <SubmissionDrawer
        formId={formId}
        row={opened?.row ?? null}
        search={filters.search}
        onClose={() => setOpened(null)}
        onPrevious={step(-1)}
        onNext={step(1)}
        onDelete={setToDelete}
        covered={toDelete !== null}
      />
      <DeleteSubmissionModal
        formId={formId}
        row={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(submissionId) => {
          setToDelete(null);
          if (opened?.row.submissionId === submissionId) setOpened(null);
        }}
      />
    </Stack>
  );
}
