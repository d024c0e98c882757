import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconTrash, IconUserSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  FIRST_PERSON_MATCHES,
  type PersonSearchResult,
} from '../../../../electron/shared/contract/people';
import { useAppLocation } from '../../app/useAppLocation';
import { useInvoke, useOp } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { DeleteJobsStrip } from '../submissions/DeleteJobsStrip';
import { useExportRunner } from '../submissions/useExportRunner';
import { ErasePersonModal } from './ErasePersonModal';
import { PersonResults } from './PersonResults';
import { PersonSubmissionDrawer, type OpenedSubmission } from './PersonSubmissionDrawer';

/** Shortest text the cache's trigram index can look for. */
const MIN_QUERY = 3;

/**
 * One person across every form: found by e-mail, phone or name in the cache, grouped by form,
 * each submission openable; everything found exported into one file, or erased. The first page of
 * the list shows at once, and the whole list replaces it when read (it only adds below).
 */
export function PeopleScreen() {
  const { view, setView } = useAppLocation();
  const [text, setText] = useState(view.q ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const query = debounced.length >= MIN_QUERY ? debounced : '';
  const first = useOp(
    'people.search',
    { query, limit: FIRST_PERSON_MATCHES },
    {
      enabled: query !== '',
      placeholderData: keepPreviousData,
    },
  );
  const page = query !== '' && first.data?.query === query ? first.data : undefined;
  const rest = useOp('people.search', { query }, { enabled: page?.truncated === true });
  // The whole list: the first page when it holds everything, else the list read after it.
  const found = page?.truncated === false ? page : rest.data;
  const shown = found ?? page;
  const invoke = useInvoke();
  const exporter = useExportRunner();
  const [opened, setOpened] = useState<OpenedSubmission | null>(null);
  const [erasing, setErasing] = useState<PersonSearchResult | null>(null);

  const search = (value: string) => {
    setText(value);
    setView(value.trim() ? { q: value.trim() } : {});
  };
  const exportAll = () =>
    void exporter.run({
      title: 'Exporting everything found',
      formId: null,
      start: async () => {
        const written = await invoke('people.export', { query });
        return { ...written, count: written.rows };
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          People
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporter.running}
            disabled={!shown || shown.total === 0}
            onClick={exportAll}
          >
            Export all found
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={!found || found.total === 0 || found.truncated}
            onClick={() => setErasing(found ?? null)}
          >
            Erase…
          </Button>
        </Group>
      </Group>
      <DeleteJobsStrip kind="erase" />
      <TextInput
        label="Find a person"
        description="An e-mail, a phone number or a name, as they typed it: every form of this workspace is searched, offline too."
        placeholder="ada@example.org"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => search(event.currentTarget.value)}
        data-autofocus
        autoFocus
      />
      {text.trim().length > 0 && text.trim().length < MIN_QUERY && (
        <Text size="sm" c="dimmed">
          Type at least {MIN_QUERY} characters.
        </Text>
      )}
      {first.isError && <ErrorAlert error={first.error} onRetry={() => void first.refetch()} />}
      {rest.isError && <ErrorAlert error={rest.error} onRetry={() => void rest.refetch()} />}
      {query === '' ? (
        <EmptyState icon={<IconUserSearch size={32} />} title="Search for a person">
          Find everything one respondent submitted, to send it to them or to erase it at their
          request.
        </EmptyState>
      ) : !shown ? (
        <LoadingState rows={3} label="Searching every form" />
      ) : shown.total === 0 ? (
        <EmptyState icon={<IconUserSearch size={32} />} title="Nobody found">
          No cached submission holds “{query}”. Sync the forms first if they are not cached yet.
        </EmptyState>
      ) : (
        <>
          {shown.whole.truncated && (
            <Alert color="yellow">
              More submissions hold this text than are listed: search for something more exact (the
              whole e-mail address) before exporting or erasing.
            </Alert>
          )}
          <PersonResults result={shown} reading={!found} onOpen={setOpened} />
        </>
      )}
      <PersonSubmissionDrawer opened={opened} search={query} onClose={() => setOpened(null)} />
      {erasing && (
        <ErasePersonModal
          result={erasing}
          onClose={() => setErasing(null)}
          // Neither the search box nor the address keeps the name of someone erased.
          onErased={() => search('')}
        />
      )}
    </Stack>
  );
}
