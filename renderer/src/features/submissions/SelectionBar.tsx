import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useOp } from '../../bridge';
import { BulkDeleteModal } from './BulkDeleteModal';
import { DeleteButton } from './DeleteButton';
import { DeleteJobsStrip } from './DeleteJobsStrip';
import { type SubmissionQuery } from './queryInput';
import { type RowSelectionControl } from './useRowSelection';

const numberFormat = new Intl.NumberFormat();

/** While rows are selected: how many, all the view matches at a click, and delete them. */
export function SelectionBar({
  query,
  selection,
  total,
}: {
  query: SubmissionQuery;
  selection: RowSelectionControl;
  total: number;
}) {
  const forms = useOp('forms.list', {});
  const formName =
    forms.data?.forms.find((form) => form.formId === query.formId)?.name ?? 'this form';
  const [deleting, setDeleting] = useState(false);
  const { count } = selection;
  if (count === 0 && !deleting) return <DeleteJobsStrip formId={query.formId} />;
  return (
    <Paper withBorder px="sm" py={6} radius="md" aria-label="Selection" role="region">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} role="status" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {numberFormat.format(count)} selected
          </Text>
          {selection.selection.kind !== 'allMatching' && total > count && (
            <Button variant="subtle" size="compact-sm" onClick={selection.selectAllMatching}>
              Select all {numberFormat.format(total)} matching this view
            </Button>
          )}
          <Button variant="subtle" color="gray" size="compact-sm" onClick={selection.clear}>
            Clear
          </Button>
        </Group>
        <DeleteButton size="compact-sm" disabled={count === 0} onClick={() => setDeleting(true)}>
          Delete selected…
        </DeleteButton>
      </Group>
      {deleting && (
        <BulkDeleteModal
          formName={formName}
          query={query}
          selection={selection.selection}
          count={count}
          onClose={() => setDeleting(false)}
          onStarted={selection.clear}
        />
      )}
    </Paper>
  );
}
