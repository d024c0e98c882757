import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormRow } from '../../../../electron/shared/contract';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TargetForm } from './TargetForm';

/** Takes in a webhook made elsewhere (a script, a colleague): with its id, it can be deleted here. */
export function AdoptWebhookForm({ form, chosen }: { form: FormRow | null; chosen: boolean }) {
  const [id, setId] = useState('');
  const formId = form?.formId ?? null;
  const [url, setUrl] = useState('');
  const adopt = useOpMutation('webhooks.adopt', {
    onSuccess: () => {
      setId('');
      setUrl('');
    },
  });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The service cannot list webhooks. If you made one outside Formdesk (with a script, say),
        type in the id it was given and the url it delivers to, to manage it here.
      </Text>
      <TargetForm form={form} chosen={chosen} />
      <form
        aria-label="Adopt webhook"
        onSubmit={(event) => {
          event.preventDefault();
          if (formId === null) return;
          adopt.mutate({ id, formId, url });
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Webhook id"
            value={id}
            onChange={(e) => setId(e.currentTarget.value)}
            w={140}
            required
          />
          <TextInput
            label="Url it delivers to"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 240 }}
            required
          />
          <Button
            type="submit"
            mt={25}
            variant="light"
            loading={adopt.isPending}
            disabled={formId === null}
          >
            Adopt
          </Button>
        </Group>
      </form>
      {adopt.isError && <ErrorAlert error={adopt.error} />}
      {adopt.isSuccess && (
        <Alert color="teal" withCloseButton onClose={adopt.reset} data-state="adopted">
          Webhook {String(adopt.data.id)} is now in the registry.
        </Alert>
      )}
    </Stack>
  );
}
