import { Group, Stack } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  type AnswerFilter,
  type SubmissionListRow,
} from '../../../../electron/shared/contract/submissions';
import { useOp } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { isNarrowed, NO_NARROWING } from './browseState';
import { catalogOf } from './columnCatalog';
import { answerKeyOf } from './columnIds';
import { ColumnsMenu } from './ColumnsMenu';
import { DeleteSubmissionModal } from './DeleteSubmissionModal';
import { ExportMenu } from './ExportMenu';
import { filterableFields } from './filterableFields';
import { NoSubmissions } from './NoSubmissions';
import { toSubmissionQuery } from './queryInput';
import { ResultCount } from './ResultCount';
import { SubmissionDrawer } from './SubmissionDrawer';
import { SubmissionsTable } from './SubmissionsTable';
import { SubmissionsToolbar } from './SubmissionsToolbar';
import { SelectionBar } from './SelectionBar';
import { withFilter } from './summaryFilters';
import { FormSyncState } from './FormSyncState';
import { useBrowseView } from './useBrowseView';
import { useImportLabel } from './useImportLabel';
import { useOpenedRow } from './useOpenedRow';
import { usePreviewResponses } from './usePreviewResponses';
import { useRowSelection } from './useRowSelection';
import { useSubmissionsTable } from './useSubmissionsTable';
import { useSubmissionWindows } from './useSubmissionWindows';
import { type ViewMode, ViewModeTabs } from './ViewModeTabs';
import { ViewsMenu } from './ViewsMenu';
import { type ViewStore } from './viewStore';

// The summary's charts draw with recharts, the largest library in the app: loaded when first shown.
const SummaryPanel = lazy(() => import('./SummaryPanel'));

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
  const importLabel = useImportLabel(filters.importJobId);
  const query = useMemo(
    () => toSubmissionQuery(formId, filters, layout.sorting),
    [formId, filters, layout.sorting],
  );
  const windows = useSubmissionWindows(query);
  const selection = useRowSelection(query, windows);
  const questions = useOp('questions.list', { formId });
  usePreviewResponses(formId, filters.includePreview);

  const catalog = catalogOf(
    questions.data?.questions ?? [],
    windows.rows.map((r) => r.submission),
  );
  const table = useSubmissionsTable({
    rows: windows.rows,
    catalog,
    search: filters.search,
    includePreview: filters.includePreview,
    layout,
    setLayout,
    selectionStore: selection.store,
  });

  const queryId = JSON.stringify(query);
  const rows = useOpenedRow(windows, queryId, formId);
  const [toDelete, setToDelete] = useState<SubmissionListRow | null>(null);
  const [filterRequest, setFilterRequest] = useState<{ key: string } | null>(null);
  // The toolbar keeps the search box's text while it is typed; a change made from elsewhere
  // (a saved view, a reset) starts it afresh with the new filters.
  const [toolbarVersion, setToolbarVersion] = useState(0);
  const replaceFilters = (apply: () => void) => {
    apply();
    setToolbarVersion((v) => v + 1);
  };
  const [mode, setMode] = useState<ViewMode>('table');
  const addAnswerFilter = (filter: AnswerFilter) =>
    replaceFilters(() => setFilters((f) => ({ answers: withFilter(f.answers, filter) })));

  const narrowed = isNarrowed(filters);

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <SubmissionsToolbar
        key={toolbarVersion}
        filters={filters}
        onChange={(patch) => setFilters(patch)}
        counts={windows.counts}
        fields={filterableFields(catalog, questions.data?.questions ?? [])}
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
          <ViewModeTabs mode={mode} onChange={setMode} />
          <ResultCount windows={windows} />
        </Group>
        <FormSyncState formId={formId} />
      </Group>

      {mode === 'table' && (
        <SelectionBar query={query} selection={selection} total={windows.total} />
      )}
      {windows.error && !windows.rows.length ? (
        <ErrorAlert error={windows.error} onRetry={windows.refetch} />
      ) : windows.isLoading ? (
        <LoadingState rows={8} height={36} label="Loading submissions" />
      ) : windows.total === 0 ? (
        <NoSubmissions
          narrowed={narrowed}
          status={filters.status}
          onClear={() => replaceFilters(() => setFilters(NO_NARROWING))}
        />
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
          activeIndex={rows.activeIndex}
          onActiveChange={rows.setActiveIndex}
          selection={selection}
          onOpen={rows.open}
          onDelete={(index) => setToDelete(windows.rowAt(index) ?? null)}
          onFilterColumn={(columnId) =>
            setFilterRequest({ key: answerKeyOf(columnId) ?? columnId })
          }
          resetKey={queryId}
        />
      )}

      <SubmissionDrawer
        formId={formId}
        row={rows.openedRow}
        search={filters.search}
        onClose={rows.close}
        onPrevious={rows.step(-1)}
        onNext={rows.step(1)}
        onDelete={setToDelete}
        covered={toDelete !== null}
      />
      <DeleteSubmissionModal
        formId={formId}
        row={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(submissionId) => {
          setToDelete(null);
          if (rows.openedRow?.submissionId === submissionId) rows.close();
        }}
      />
    </Stack>
  );
}
