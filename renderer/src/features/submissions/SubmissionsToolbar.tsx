import {
  Badge,
  Button,
  CloseButton,
  Group,
  Kbd,
  Popover,
  Stack,
  Switch,
  Tabs,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useWindowEvent } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  type AnswerFilter,
  type StatusCounts,
} from '../../../../electron/shared/contract/submissions';
import { AnswerFilterEditor, type FilterableField } from './AnswerFilterEditor';
import { type BrowseFilters } from './browseState';
import { DateRangeControl } from './DateRangeControl';
import { describeFilter } from './filterOps';

interface Props {
  filters: BrowseFilters;
  onChange(patch: Partial<BrowseFilters>): void;
  counts: StatusCounts | null;
  fields: FilterableField[];
  /** What the import filter is called ("Imported by people.csv, …"); null when there is none. */
  importLabel: string | null;
  /** The field the filter editor opens on ("Filter by this column…"); null keeps it closed. */
  filterRequest: { key: string } | null;
  onFilterRequestHandled(): void;
  /** Right-hand side: views, columns, export. */
  actions: ReactNode;
}

const SEARCH_DELAY_MS = 250;
const numberFormat = new Intl.NumberFormat();

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Everything that narrows the table: status, dates, search, previews, per-question filters. */
export function SubmissionsToolbar({
  filters,
  onChange,
  counts,
  fields,
  importLabel,
  filterRequest,
  onFilterRequestHandled,
  actions,
}: Props) {
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState(filters.search);
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    if (debounced !== filters.search) onChange({ search: debounced });
    // Only a settled change of the typed text searches; a loaded view sets both at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // A column's "Filter by this column…" opens the editor on that column.
  const filtersOpened = filtersOpen || filterRequest !== null;
  const closeFilters = () => {
    setFiltersOpen(false);
    onFilterRequestHandled();
  };

  useWindowEvent('keydown', (event) => {
    if (event.key === '/' && !isTyping(event.target) && !event.metaKey && !event.ctrlKey) {
      event.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    }
  });

  const nameOf = (key: string) => fields.find((f) => f.key === key)?.name ?? key;
  const typeOf = (key: string) => fields.find((f) => f.key === key)?.type;
  const removeFilter = (index: number) =>
    onChange({ answers: filters.answers.filter((_, i) => i !== index) });
  const addFilter = (filter: AnswerFilter) => {
    onChange({ answers: [...filters.answers, filter] });
    closeFilters();
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Tabs
          value={filters.status}
          onChange={(value) => value && onChange({ status: value as BrowseFilters['status'] })}
          variant="pills"
          radius="md"
        >
          <Tabs.List>
            <Tabs.Tab value="finished" rightSection={<CountBadge value={counts?.finished} />}>
              Finished
            </Tabs.Tab>
            <Tabs.Tab value="in_progress" rightSection={<CountBadge value={counts?.in_progress} />}>
              In progress
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Group gap="xs">{actions}</Group>
      </Group>
      <Group gap="sm" wrap="wrap" align="center">
        <TextInput
          ref={searchRef}
          aria-label="Search submissions"
          placeholder="Search answers"
          leftSection={<IconSearch size={16} />}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} />
            ) : (
              <Kbd size="xs">/</Kbd>
            )
          }
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') event.currentTarget.blur();
          }}
          w={280}
        />
        <DateRangeControl value={filters} onChange={onChange} heading="Submitted" />
        <Popover
          opened={filtersOpened}
          onChange={(opened) => (opened ? setFiltersOpen(true) : closeFilters())}
          position="bottom-start"
          width={320}
          shadow="md"
          trapFocus
          returnFocus
          // Escape closes only the topmost layer: an open list of the editor's first, then this.
          closeOnEscape={false}
        >
          <Popover.Target>
            <Button
              variant="default"
              leftSection={<IconFilter size={16} />}
              onClick={() => (filtersOpened ? closeFilters() : setFiltersOpen(true))}
              disabled={fields.length === 0}
            >
              Add filter
            </Button>
          </Popover.Target>
          <Popover.Dropdown
            onKeyDown={(event) => {
              const target = event.target as HTMLElement;
              if (event.key === 'Escape' && !target.closest('[aria-expanded="true"]'))
                closeFilters();
            }}
          >
            <AnswerFilterEditor
              key={filterRequest?.key ?? ''}
              fields={fields}
              initialKey={filterRequest?.key ?? null}
              onAdd={addFilter}
            />
          </Popover.Dropdown>
        </Popover>
        <Tooltip
          multiline
          w={280}
          label="Test submissions made from the form builder. The service leaves them out unless asked; Formdesk fetches a form's previews the first time you include them, and keeps them from then on."
        >
          <Switch
            label="Include preview responses"
            checked={filters.includePreview}
            onChange={(event) => onChange({ includePreview: event.currentTarget.checked })}
          />
        </Tooltip>
      </Group>
      {(filters.answers.length > 0 || importLabel || filters.after || filters.before) && (
        <Group gap={6} aria-label="Active filters">
          {importLabel && (
            <Badge
              size="lg"
              variant="light"
              color="teal"
              tt="none"
              fw={500}
              data-testid="import-filter"
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={`Remove filter: ${importLabel}`}
                  onClick={() => onChange({ importJobId: null })}
                />
              }
            >
              {importLabel}
            </Badge>
          )}
          {filters.answers.map((filter, i) => (
            <Badge
              key={`${filter.key}-${filter.op}-${i}`}
              size="lg"
              variant="light"
              tt="none"
              fw={500}
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={`Remove filter: ${describeFilter(filter, nameOf(filter.key), typeOf(filter.key))}`}
                  onClick={() => removeFilter(i)}
                />
              }
            >
              {describeFilter(filter, nameOf(filter.key), typeOf(filter.key))}
            </Badge>
          ))}
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() =>
              onChange({
                answers: [],
                importJobId: null,
                after: null,
                before: null,
                datePreset: null,
              })
            }
          >
            Clear filters
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function CountBadge({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <Badge size="sm" variant="light" color="gray" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {numberFormat.format(value)}
    </Badge>
  );
}
