import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { webhookUrlProblem, type FormRow } from '../../../../electron/shared/contract';
import { CreateOutcome } from './CreateOutcome';
import { useCreateWebhook } from './useCreateWebhook';

/** A form and an https address: the service then posts each new submission of the form there. */
export function CreateWebhookForm({
  forms,
  formId: initialFormId,
}: {
  forms: FormRow[];
  formId: string | null;
}) {
  const [formId, setFormId] = useState<string | null>(initialFormId);
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const state = useCreateWebhook();
  const problem = webhookUrlProblem(url);

  return (
    <Stack gap="sm">
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
          <Select
            label="Form"
            placeholder="Choose a form"
            data={forms.map((f) => ({ value: f.formId, label: f.name }))}
            value={formId}
            onChange={setFormId}
            searchable
            w={240}
            error={
              touched && formId === null ? 'Choose the form whose submissions are sent.' : undefined
            }
          />
          <TextInput
            label="Url"
            placeholder="https://example.com/hooks/forms"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onBlur={() => setTouched((was) => was || url !== '')}
            error={touched ? problem : undefined}
            style={{ flex: 1, minWidth: 280 }}
          />
          <Button type="submit" mt={25} loading={state.isPending}>
            Create webhook
          </Button>
        </Group>
      </form>
      <CreateOutcome state={state} />
    </Stack>
  );
}
