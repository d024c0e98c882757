import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { webhookUrlProblem, type FormRow } from '../../../../electron/shared/contract';
import { CreateOutcome } from './CreateOutcome';
import { TargetForm } from './TargetForm';
import { useCreateWebhook } from './useCreateWebhook';

/** A form and an https address: the service then posts each new submission of the form there. */
export function CreateWebhookForm({ form, chosen }: { form: FormRow | null; chosen: boolean }) {
  const formId = form?.formId ?? null;
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const state = useCreateWebhook();
  const problem = webhookUrlProblem(url);

  return (
    <Stack gap="sm">
      <TargetForm form={form} chosen={chosen} />
      <form
        aria-label="Create webhook"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (formId === null || problem !== null) return;
          void state.create({ formId, url: url.trim() });
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Url"
            placeholder="https://example.com/hooks/forms"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onBlur={() => setTouched((was) => was || url !== '')}
            error={touched ? problem : undefined}
            style={{ flex: 1, minWidth: 280 }}
          />
          <Button type="submit" mt={25} loading={state.isPending} disabled={formId === null}>
            Create webhook
          </Button>
        </Group>
      </form>
      <CreateOutcome state={state} />
    </Stack>
  );
}
