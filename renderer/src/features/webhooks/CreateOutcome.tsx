import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { CopyButton } from '../../components/CopyButton';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { CreateWebhookState } from './useCreateWebhook';

/** What came of a create: the new id (to copy and keep), a duplicate to confirm, or the error. */
export function CreateOutcome({ state }: { state: CreateWebhookState }) {
  if (state.error) return <ErrorAlert error={state.error} />;
  if (state.duplicates) {
    const ids = state.duplicates.map((w) => String(w.id)).join(', ');
    const known = state.duplicates.length > 0;
    return (
      <Alert
        color="yellow"
        icon={<IconCopy />}
        title={
          known
            ? 'This form already delivers to this address'
            : 'This form may already deliver to this address'
        }
        data-state="duplicate"
      >
        <Stack gap="xs">
          {known && (
            <Text size="sm">
              Webhook {ids} sends this form&apos;s submissions to the same url. The service does not
              merge them: with another one, every submission would be delivered twice.
            </Text>
          )}
          {state.uncertain.length > 0 && (
            <Text size="sm" data-state="uncertain-duplicate">
              An earlier create for this form and url got no answer, so the service may already have
              made that webhook (listed above as &quot;may exist, id unknown&quot;). Creating
              another could deliver every submission twice.
            </Text>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              color="yellow"
              loading={state.isPending}
              onClick={() => void state.confirmDuplicate()}
            >
              Create another anyway
            </Button>
            <Button size="xs" variant="default" onClick={state.dismiss}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (state.created) {
    const id = String(state.created.id);
    return (
      <Alert
        color="teal"
        icon={<IconCircleCheck />}
        title="Webhook created"
        withCloseButton
        onClose={state.dismiss}
        data-state="created"
      >
        <Group gap={6}>
          <Text size="sm">Its id is</Text>
          <Code data-testid="created-webhook-id">{id}</Code>
          <CopyButton value={id} label="Copy webhook id" />
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          Formdesk keeps it in the registry: the service cannot list webhooks, so this id is the
          only way to remove it later.
        </Text>
      </Alert>
    );
  }
  return null;
}
