import { useState } from 'react';
import type {
  OpInput,
  UncertainWebhook,
  WebhookRecord,
} from '../../../../electron/shared/contract';
import { useOpMutation } from '../../bridge';

type CreateInput = OpInput<'webhooks.create'>;

/**
 * Creating a webhook in two steps when needed: the service does not dedupe, so a second webhook
 * for the same form and url (or one where a create whose answer was lost may have made one) is
 * only created once the person confirms it.
 */
export function useCreateWebhook() {
  const mutation = useOpMutation('webhooks.create');
  const [pending, setPending] = useState<{
    input: CreateInput;
    duplicates: WebhookRecord[];
    uncertain: UncertainWebhook[];
  } | null>(null);
  const [created, setCreated] = useState<WebhookRecord | null>(null);

  const run = async (input: CreateInput) => {
    setCreated(null);
    setPending(null);
    const outcome = await mutation.mutateAsync(input);
    if (outcome.created) setCreated(outcome.webhook);
    else setPending({ input, duplicates: outcome.duplicates, uncertain: outcome.uncertain });
  };

  return {
    create: (input: CreateInput) => run(input).catch(() => {}),
    confirmDuplicate: () =>
      pending ? run({ ...pending.input, confirmDuplicate: true }).catch(() => {}) : undefined,
    dismiss: () => {
      setPending(null);
      setCreated(null);
      mutation.reset();
    },
    duplicates: pending?.duplicates ?? null,
    uncertain: pending?.uncertain ?? [],
    created,
    error: mutation.error,
    isPending: mutation.isPending,
  };
}

export type CreateWebhookState = ReturnType<typeof useCreateWebhook>;
