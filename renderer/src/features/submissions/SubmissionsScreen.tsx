import { Group, Select, Stack, Title } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useAppLocation } from '../../app/useAppLocation';
import { useOp } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { useCurrentWorkspace } from '../workspaces/useWorkspaces';
import { SubmissionsBrowser } from './SubmissionsBrowser';
import { viewStore } from './viewStore';

/**
 * The Submissions section: pick a form (kept in the URL), then browse its cached submissions.
 * The screen fills the window so the table scrolls inside it, not the page.
 */
export function SubmissionsScreen() {
  const { formId, go, view, setView } = useAppLocation();
  // "Open the submissions" after an import: the browser opens on that import's rows once, and the
  // address lets go of it, so a reload keeps the view as the person has changed it since.
  const openedImport = view.import ?? null;
  const workspace = useCurrentWorkspace();
  const forms = useOp('forms.list', {});
  const list = forms.data?.forms ?? [];
  // A form that is not (or no longer) in this workspace falls back to the first one.
  const chosen = list.some((f) => f.formId === formId) ? formId : (list[0]?.formId ?? null);
  const form = list.find((f) => f.formId === chosen);
  const store = useMemo(
    () => (workspace && chosen ? viewStore(window.localStorage, workspace.id, chosen) : null),
    [workspace, chosen],
  );

  useEffect(() => {
    if (openedImport && store) setView({});
  }, [openedImport, store, setView]);

  // Opening a form (a card on Forms, an import's link) takes the keyboard's place with it: the
  // control that opened it is gone, and focus left on the page's body would start over at the top.
  const heading = useRef<HTMLHeadingElement>(null);
  const named = Boolean(form);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (named && lost) heading.current?.focus({ preventScroll: true });
  }, [named, chosen]);

  return (
    <Stack
      gap="sm"
      h="calc(100dvh - var(--app-shell-header-height, 56px) - 2 * var(--mantine-spacing-md))"
      data-section-screen="submissions"
    >
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="h3" lineClamp={1} ref={heading} tabIndex={-1}>
          {form?.name ?? 'Submissions'}
        </Title>
        {list.length > 1 && (
          <Select
            aria-label="Form"
            data={list.map((f) => ({ value: f.formId, label: f.name }))}
            value={chosen}
            onChange={(value) => value && go('submissions', { formId: value })}
            searchable
            allowDeselect={false}
            w={280}
          />
        )}
      </Group>
      {forms.isPending ? (
        <LoadingState rows={6} height={36} label="Loading forms" />
      ) : forms.isError ? (
        <ErrorAlert error={forms.error} onRetry={() => void forms.refetch()} />
      ) : !chosen || !store ? (
        <EmptyState icon={<IconForms size={28} />} title="No forms yet">
          This workspace has no forms. Forms created on the service appear here after the next sync.
        </EmptyState>
      ) : (
        <SubmissionsBrowser
          key={`${workspace?.id}:${chosen}`}
          formId={chosen}
          store={store}
          importJobId={openedImport}
        />
      )}
    </Stack>
  );
}
