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
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useWindowEvent } from '@mantine/hooks';
import { IconCalendar, IconFilter, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  type AnswerFilter,
  type StatusCounts,
} from '../../../../electron/shared/contract/submissions';
import { AnswerFilterEditor, type FilterableField } from './AnswerFilterEditor';
import { type BrowseFilters } from './browseState';
import { DATE_PRESETS, presetRange } from './datePresets';
import { describeFilter, endOfLocalDay, startOfLocalDay } from './filterOps';

interface Props {
  filters: BrowseFilters;
  onChange(patch: Partial<BrowseFilters>): void;
  counts: StatusCounts | null;
  fields: FilterableField[];
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
        <DateRangeControl filters={filters} onChange={onChange} />
        <Popover
          opened={filtersOpened}
          onChange={(opened) => (opened ? setFiltersOpen(true) : closeFilters())}
          position="bottom-start"
          width={320}
          shadow="md"
          trapFocus
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
          <Popover.Dropdown>
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
      {filters.answers.length > 0 && (
        <Group gap={6} aria-label="Active filters">
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
                  aria-label={`Remove filter: ${describeFilter(filter, nameOf(filter.key))}`}
                  onClick={() => removeFilter(i)}
                />
              }
            >
              {describeFilter(filter, nameOf(filter.key))}
            </Badge>
          ))}
          <Button variant="subtle" size="compact-xs" onClick={() => onChange({ answers: [] })}>
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

const dayOf = (iso: string | null, shift = 0) => {
  if (!iso) return '';
  const time = new Date(iso);
  time.setDate(time.getDate() + shift);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
};

/** Submitted after / before, by calendar day in the viewer's zone, with quick presets. */
function DateRangeControl({
  filters,
  onChange,
}: {
  filters: BrowseFilters;
  onChange(patch: Partial<BrowseFilters>): void;
}) {
  const [open, setOpen] = useState(false);
  // `after` is exclusive: the range starts on the day of the first instant it lets through.
  const after = dayOf(filters.after && new Date(Date.parse(filters.after) + 1).toISOString());
  // `before` is stored as the start of the day after the chosen one, so that day is included.
  const before = dayOf(filters.before, -1);
  const chosen = DATE_PRESETS.find((p) => p.id === filters.datePreset);
  const label = chosen
    ? chosen.label
    : after && before
      ? `${after} – ${before}`
      : after
        ? `Since ${after}`
        : before
          ? `Until ${before}`
          : 'Any time';
  const active = Boolean(filters.after || filters.before);

  return (
    <Popover
      opened={open}
      onChange={setOpen}
      position="bottom-start"
      shadow="md"
      width={360}
      trapFocus
    >
      <Popover.Target>
        <Button
          variant={active ? 'light' : 'default'}
          leftSection={<IconCalendar size={16} />}
          onClick={() => setOpen((o) => !o)}
          aria-label={`Date range: ${label}`}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" fw={600}>
            Submitted
          </Text>
          <Group gap={6}>
            {DATE_PRESETS.map((preset) => (
              <Button
                key={preset.id}
                size="compact-xs"
                variant="light"
                onClick={() => {
                  onChange({ ...presetRange(preset.id), datePreset: preset.id });
                  setOpen(false);
                }}
              >
                {preset.label}
              </Button>
            ))}
          </Group>
          <Group grow gap="xs">
            <TextInput
              type="date"
              label="After"
              value={after}
              onChange={(event) =>
                onChange({
                  after: event.currentTarget.value
                    ? startOfLocalDay(event.currentTarget.value)
                    : null,
                  datePreset: null,
                })
              }
            />
            <TextInput
              type="date"
              label="Before"
              value={before}
              onChange={(event) =>
                onChange({
                  before: event.currentTarget.value
                    ? endOfLocalDay(event.currentTarget.value)
                    : null,
                  datePreset: null,
                })
              }
            />
          </Group>
          {active && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => onChange({ after: null, before: null, datePreset: null })}
            >
              Any time
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
