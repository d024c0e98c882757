import { Button, Chip, CloseButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ActivityKind } from '../../../../electron/shared/contract/activity';
import { DateRangeControl } from '../submissions/DateRangeControl';
import { ACTIVITY_KIND_LABELS } from '../../../../electron/shared/activityKind';
import { isNarrowed, type ActivityView } from './activityView';

const SEARCH_DELAY_MS = 250;

interface Props {
  view: ActivityView;
  onChange(patch: Partial<ActivityView>): void;
  onClear(): void;
  forms: { formId: string; name: string }[];
}

/**
 * What narrows the Activity list: a search, the kinds of change, a form, a range of days. The
 * search box holds what is typed until it settles; remount it (a new `key`) to empty it.
 */
export function ActivityFilters({ view, onChange, onClear, forms }: Props) {
  const [search, setSearch] = useState(view.search);
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);

  useEffect(() => {
    if (debounced !== view.search) onChange({ search: debounced });
    // Only a settled change of the typed text searches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap" align="center">
        <TextInput
          aria-label="Search activity"
          placeholder="Search people, forms, ids"
          leftSection={<IconSearch size={16} />}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} />
            ) : null
          }
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <Select
          aria-label="Form"
          placeholder="All forms"
          data={forms.map((f) => ({ value: f.formId, label: f.name }))}
          value={view.formId}
          onChange={(formId) => onChange({ formId })}
          searchable
          clearable
          w={240}
        />
        <DateRangeControl
          value={view.range}
          onChange={(patch) => onChange({ range: { ...view.range, ...patch } })}
          heading="Changed"
          labels={{ after: 'From', before: 'To' }}
        />
        {isNarrowed(view) && (
          <Button variant="subtle" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </Group>
      <Group gap="xs" role="group" aria-labelledby="activity-kinds">
        <Text id="activity-kinds" size="sm" c="dimmed">
          Kind
        </Text>
        <Chip.Group
          multiple
          value={view.kinds}
          onChange={(kinds) =>
            onChange({ kinds: ActivityKind.options.filter((kind) => kinds.includes(kind)) })
          }
        >
          {ActivityKind.options.map((kind) => (
            <Chip key={kind} value={kind} size="xs" variant="outline">
              {ACTIVITY_KIND_LABELS[kind]}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </Stack>
  );
}
