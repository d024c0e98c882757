import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { countOf } from '../../components/plainNumbers';

type Decision = 'send' | 'leave';

/**
 * Rows whose creation the service could not confirm: they may or may not be there, and only the
 * person can tell, by looking them up. Sending one that is there makes a duplicate; leaving one
 * that is not loses it.
 */
export function RowsToCheck({
  jobId,
  formId,
  rowIndexes,
}: {
  jobId: string;
  formId: string;
  rowIndexes: readonly number[];
}) {
  const decide = useOpMutation('imports.decideUnconfirmed');
  const all = (decision: Decision) =>
    decide.mutate({ jobId, rowIndexes: [...rowIndexes], decision });
  return (
    <Alert color="orange" title={`${countOf(rowIndexes.length, 'row')} to check`}>
      <Text size="sm">
        Formdesk sent {rowIndexes.length === 1 ? 'this row' : 'these rows'} but never heard back,
        and cannot tell from the service whether {rowIndexes.length === 1 ? 'it was' : 'they were'}{' '}
        created: a submission with the same answers arrived meanwhile. Look for{' '}
        {rowIndexes.length === 1 ? 'it' : 'them'} in the{' '}
        <Anchor href={`#/submissions?${new URLSearchParams({ form: formId }).toString()}`}>
          form&apos;s submissions
        </Anchor>
        , then send again only what is missing, or leave what is there.
      </Text>
      <Group mt="sm" gap="xs">
        <Button size="xs" loading={decide.isPending} onClick={() => all('send')}>
          Send all again
        </Button>
        <Button size="xs" variant="default" loading={decide.isPending} onClick={() => all('leave')}>
          Leave all as they are
        </Button>
      </Group>
      {decide.error && <ErrorAlert error={decide.error} />}
    </Alert>
  );
}

/** One row's choice, beside its message in the report. */
export function DecideRow({ jobId, rowIndex }: { jobId: string; rowIndex: number }) {
  const decide = useOpMutation('imports.decideUnconfirmed');
  const choose = (decision: Decision) => decide.mutate({ jobId, rowIndexes: [rowIndex], decision });
  return (
    <Group gap={4} mt={4}>
      <Button size="compact-xs" variant="light" onClick={() => choose('send')}>
        Send again
      </Button>
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => choose('leave')}>
        Leave it
      </Button>
    </Group>
  );
}
