import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { WebhookRecord } from '../../../../electron/shared/contract';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * Confirms a delete. The service is asked first and the registry follows; when the service no
 * longer knows the id, the dialog says so and offers to clear it from the registry.
 */
export function DeleteWebhookDialog({
  webhook,
  formName,
  onClose,
}: {
  webhook: WebhookRecord | null;
  formName: string;
  onClose: () => void;
}) {
  const remove = useOpMutation('webhooks.delete', {
    onSuccess: (result) => {
      if (result.outcome === 'deleted') close();
    },
  });
  const forget = useOpMutation('webhooks.forget', { onSuccess: () => close() });
  const close = () => {
    remove.reset();
    forget.reset();
    onClose();
  };
  const unknown =
    remove.data?.outcome === 'unknownToService' || webhook?.unknownToServiceAt != null;

  return (
    <Modal opened={webhook !== null} onClose={close} title="Delete webhook" centered>
      {webhook && (
        <Stack gap="sm">
          {unknown ? (
            <Text size="sm" data-state="unknown-to-service">
              The service does not know webhook <Code>{String(webhook.id)}</Code>: it was deleted
              elsewhere, or the id was mistyped. Nothing is being delivered through it. Remove it
              from the registry?
            </Text>
          ) : (
            <Text size="sm">
              Webhook <Code>{String(webhook.id)}</Code> stops sending submissions of{' '}
              <strong>{formName}</strong> to <Code>{webhook.url}</Code>. This cannot be undone.
            </Text>
          )}
          {remove.isError && <ErrorAlert error={remove.error} />}
          {forget.isError && <ErrorAlert error={forget.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {unknown ? (
              <Button
                color="gray"
                loading={forget.isPending}
                onClick={() => forget.mutate({ id: webhook.id })}
              >
                Remove from registry
              </Button>
            ) : (
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate({ id: webhook.id })}
              >
                Delete webhook
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
