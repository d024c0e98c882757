import { Button } from '@mantine/core';
import { IconFilterOff, IconInbox } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { type BrowseFilters } from './browseState';

/**
 * A view with no rows: either its narrowing matches nothing (with a way to clear it) or the form
 * has no submissions of this status yet.
 */
export function NoSubmissions({
  narrowed,
  status,
  onClear,
}: {
  narrowed: boolean;
  status: BrowseFilters['status'];
  onClear: () => void;
}) {
  return narrowed ? (
    <EmptyState
      icon={<IconFilterOff size={28} />}
      title="No submissions match"
      action={
        <Button variant="light" onClick={onClear}>
          Clear search and filters
        </Button>
      }
    >
      Nothing in this form matches the search, dates and filters above.
    </EmptyState>
  ) : (
    <EmptyState
      icon={<IconInbox size={28} />}
      title={status === 'finished' ? 'No finished submissions yet' : 'No submissions in progress'}
    >
      When people answer this form, their submissions appear here, also offline once synced.
    </EmptyState>
  );
}
