import { Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteBlocked } from '../../app/connection';
import { useOp } from '../../bridge';
import { BulkDeleteModal } from './BulkDeleteModal';
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
  const blocked = useDeleteBlocked();
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
        <Tooltip label={blocked} disabled={!blocked} withArrow>
          <Button
            color="red"
            variant="light"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            onClick={() => {
              if (!blocked) setDeleting(true);
            }}
            disabled={count === 0}
            // Disabled by aria while the service cannot be asked, so its tooltip still says why.
            data-disabled={blocked ? true : undefined}
            aria-disabled={blocked ? true : undefined}
          >
            Delete selected…
          </Button>
        </Tooltip>
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
