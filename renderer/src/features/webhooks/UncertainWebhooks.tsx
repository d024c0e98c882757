import { Alert, Badge, Button, Code, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { UncertainWebhook } from '../../../../electron/shared/contract';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { RelativeTime } from '../../components/RelativeTime';

/**
 * Creates whose id Formdesk never learnt. Each may be a webhook that delivers every submission a
 * second time and that nothing here can find or remove, so each says so and what the person can do.
 */
export function UncertainWebhooks({
  records,
  nameOf,
}: {
  records: UncertainWebhook[];
  nameOf: (formId: string) => string;
}) {
  return (
    <Stack gap="xs" aria-label="Webhooks that may exist" role="list">
      {records.map((record) => (
        <UncertainRecord key={record.attemptId} record={record} formName={nameOf(record.formId)} />
      ))}
    </Stack>
  );
}

function UncertainRecord({ record, formName }: { record: UncertainWebhook; formName: string }) {
  const [adopting, setAdopting] = useState(false);
  const [confirmForget, setConfirmForget] = useState(false);
  const [id, setId] = useState('');
  const adopt = useOpMutation('webhooks.uncertain.adopt');
  const forget = useOpMutation('webhooks.uncertain.forget');

  if (record.state === 'sending') {
    return (
      <Group gap="xs" role="listitem" data-state="sending" data-attempt-id={record.attemptId}>
        <Loader size="xs" />
        <Text size="sm">
          Creating a webhook for <strong>{formName}</strong> to <Code>{record.url}</Code>…
        </Text>
      </Group>
    );
  }

  const exists = record.state === 'exists';
  return (
    <Alert
      role="listitem"
      color={exists ? 'orange' : 'yellow'}
      icon={<IconAlertTriangle />}
      title={exists ? 'Exists, id unknown' : 'May exist, id unknown'}
      data-state={record.state}
      data-attempt-id={record.attemptId}
    >
      <Stack gap={6}>
        <Text size="sm">
          A webhook for <strong>{formName}</strong> to <Code>{record.url}</Code> was sent{' '}
          <RelativeTime value={record.sentAt} />, and{' '}
          {record.cause === 'interrupted'
            ? 'Formdesk stopped before the service answered.'
            : 'the service’s answer was lost.'}{' '}
          {exists ? (
            <>
              A submission arrived at the test receiver through it{' '}
              {record.deliveredAt && <RelativeTime value={record.deliveredAt} />}: it exists.
            </>
          ) : (
            'The service may have created it.'
          )}
        </Text>
        <Text size="sm">
          Submissions may be delivered twice to that address. The service cannot list webhooks, so
          it cannot be removed from here: ask the service’s support for its id (then adopt it here
          and delete it), or let the receiver drop repeats by submissionId.
        </Text>
        {adopting ? (
          <form
            aria-label="Adopt with its id"
            onSubmit={(event) => {
              event.preventDefault();
              adopt.mutate({ attemptId: record.attemptId, id });
            }}
          >
            <Group gap="xs" align="flex-end">
              <TextInput
                label="Webhook id"
                value={id}
                onChange={(e) => setId(e.currentTarget.value)}
                size="xs"
                w={160}
                required
              />
              <Button type="submit" size="xs" loading={adopt.isPending}>
                Adopt
              </Button>
              <Button size="xs" variant="default" onClick={() => setAdopting(false)}>
                Cancel
              </Button>
            </Group>
          </form>
        ) : confirmForget ? (
          <Group gap="xs">
            <Text size="sm">
              Forget it? Whatever it made stays at the service, and this is the last trace of it.
            </Text>
            <Button
              size="xs"
              color="gray"
              loading={forget.isPending}
              onClick={() => forget.mutate({ attemptId: record.attemptId })}
            >
              Forget
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirmForget(false)}>
              Keep
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setAdopting(true)}>
              Adopt with its id
            </Button>
            <Button size="xs" variant="light" color="gray" onClick={() => setConfirmForget(true)}>
              Forget
            </Button>
            {record.receiver === 'running' && (
              <Badge size="xs" variant="light" color="teal">
                test receiver
              </Badge>
            )}
          </Group>
        )}
        {adopt.isError && <ErrorAlert error={adopt.error} />}
        {forget.isError && <ErrorAlert error={forget.error} />}
      </Stack>
    </Alert>
  );
}
