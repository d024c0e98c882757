import { Card, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { isLoopbackUrl, type WebhookRecord } from '../../../../electron/shared/contract';
import { useAppLocation } from '../../app/useAppLocation';
import { useOp } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { useCurrentWorkspace } from '../workspaces/useWorkspaces';
import { AdoptWebhookForm } from './AdoptWebhookForm';
import { CreateWebhookForm } from './CreateWebhookForm';
import { DeleteWebhookDialog } from './DeleteWebhookDialog';
import { ReceiverPanel } from './ReceiverPanel';
import { UncertainWebhooks } from './UncertainWebhooks';
import { useFormNames } from './useFormNames';
import { WebhookTable } from './WebhookTable';

const ALL_FORMS = '';

/**
 * Every webhook the workspace knows, globally or for one form, with create, adopt and delete; and
 * the test receiver with its live deliveries.
 */
export function WebhooksScreen() {
  const { formId: locationFormId } = useAppLocation();
  const workspace = useCurrentWorkspace();
  const { forms, nameOf } = useFormNames();
  const [scope, setScope] = useState(locationFormId ?? ALL_FORMS);
  const formId = scope === ALL_FORMS ? null : scope;
  // One picker on the page: creating, adopting and the receiver act on its form, or on the first
  // form while all are listed, so the demo's one-click delivery needs no choice first.
  const target = forms.find((f) => f.formId === formId) ?? forms[0] ?? null;
  const webhooks = useOp('webhooks.list', formId === null ? {} : { formId });
  const [selected, setSelected] = useState<WebhookRecord | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Webhooks</Title>
        <Select
          aria-label="Form"
          data={[
            { value: ALL_FORMS, label: 'All forms' },
            ...forms.map((f) => ({ value: f.formId, label: f.name })),
          ]}
          value={scope}
          onChange={(value) => setScope(value ?? ALL_FORMS)}
          allowDeselect={false}
          searchable
          w={260}
        />
      </Group>

      <Card withBorder padding="md">
        <Stack gap="sm">
          {webhooks.isPending && <LoadingState rows={3} height={36} label="Loading webhooks" />}
          {webhooks.isError && (
            <ErrorAlert error={webhooks.error} onRetry={() => void webhooks.refetch()} />
          )}
          {webhooks.data && webhooks.data.uncertain.length > 0 && (
            <UncertainWebhooks records={webhooks.data.uncertain} nameOf={nameOf} />
          )}
          {webhooks.data?.webhooks.length === 0 && webhooks.data.uncertain.length === 0 && (
            <EmptyState
              icon={<IconWebhook />}
              title={formId ? 'No webhooks for this form' : 'No webhooks yet'}
            >
              Webhooks created here are remembered, so they can always be found and deleted: the
              service itself cannot list them.
            </EmptyState>
          )}
          {webhooks.data && webhooks.data.webhooks.length > 0 && (
            <WebhookTable
              webhooks={webhooks.data.webhooks}
              nameOf={nameOf}
              onDelete={setSelected}
              onForget={setSelected}
            />
          )}
          <Tabs defaultValue="create" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="create">Create</Tabs.Tab>
              <Tabs.Tab value="adopt">Use a webhook you already made</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="create" pt="sm">
              <CreateWebhookForm form={target} chosen={formId !== null} />
            </Tabs.Panel>
            <Tabs.Panel value="adopt" pt="sm">
              <AdoptWebhookForm form={target} chosen={formId !== null} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <ReceiverPanel
          form={target}
          chosen={formId !== null}
          nameOf={nameOf}
          serviceIsLocal={
            workspace !== null && (workspace.kind === 'demo' || isLoopbackUrl(workspace.baseUrl))
          }
        />
      </Card>

      <Text size="xs" c="dimmed">
        Deliveries carry no signature: a receiver can only trust a secret in its address.
      </Text>

      <DeleteWebhookDialog
        webhook={selected}
        formName={selected ? nameOf(selected.formId) : ''}
        onClose={() => setSelected(null)}
      />
    </Stack>
  );
}
