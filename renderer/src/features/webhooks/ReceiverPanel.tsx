import { Alert, Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconWorldOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormRow } from '../../../../electron/shared/contract';
import { useOp, useOpMutation } from '../../bridge';
import { CopyButton } from '../../components/CopyButton';
import { ErrorAlert } from '../../components/ErrorAlert';
import { RelativeTime } from '../../components/RelativeTime';
import { CreateOutcome } from './CreateOutcome';
import { DeliveryList } from './DeliveryList';
import { SimulationSwitch } from './SimulationSwitch';
import { StaleReceiverWebhooks } from './StaleReceiverWebhooks';
import { TargetForm } from './TargetForm';
import { TunnelForm } from './TunnelForm';
import { useCreateWebhook } from './useCreateWebhook';

/**
 * A receiver on this computer for seeing deliveries without deploying a server: start it, point a
 * form's webhook at it in one click, watch submissions arrive. Webhooks left pointing at a stopped
 * receiver are offered for deletion.
 */
export function ReceiverPanel({
  form,
  chosen,
  nameOf,
  serviceIsLocal,
}: {
  /** The form whose submissions the receiver is sent: the page's form, or the first one. */
  form: FormRow | null;
  chosen: boolean;
  nameOf: (formId: string | null) => string;
  /** False when the service runs elsewhere and cannot reach this computer without a tunnel. */
  serviceIsLocal: boolean;
}) {
  const status = useOp('webhooks.receiver.status', {}, { staleTime: 0 });
  const start = useOpMutation('webhooks.receiver.start');
  const stop = useOpMutation('webhooks.receiver.stop');
  const formId = form?.formId ?? null;
  const create = useCreateWebhook();
  const [showTunnel, setShowTunnel] = useState(false);
  const running = status.data?.running === true ? status.data : null;

  return (
    <Stack gap="sm" data-state={running ? 'receiver-running' : 'receiver-stopped'}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>Test receiver</Text>
          <Badge color={running ? 'teal' : 'gray'} variant="light">
            {running ? 'listening' : 'stopped'}
          </Badge>
        </Group>
        {running ? (
          <Button variant="default" loading={stop.isPending} onClick={() => stop.mutate({})}>
            Stop receiver
          </Button>
        ) : (
          <Button loading={start.isPending} onClick={() => start.mutate({})}>
            Start receiver
          </Button>
        )}
      </Group>

      <SimulationSwitch />

      {!serviceIsLocal && (
        <Alert color="yellow" icon={<IconWorldOff />} title="Only reachable from this computer">
          The receiver listens on 127.0.0.1. The public service cannot reach a laptop: its
          deliveries will fail unless a tunnel (such as cloudflared or ngrok) forwards to the
          receiver&apos;s port. Give the tunnel&apos;s address below before creating the webhook.
        </Alert>
      )}
      {serviceIsLocal && (
        <Text size="sm" c="dimmed">
          Listens on 127.0.0.1 only, behind a secret path. A public service cannot reach it without
          a tunnel; this workspace&apos;s service runs on this computer and can.
        </Text>
      )}

      {start.isError && <ErrorAlert error={start.error} />}
      {stop.isError && <ErrorAlert error={stop.error} />}

      {running && (
        <>
          <Group gap={6} wrap="nowrap">
            <Code
              style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              aria-label="Receiver address"
            >
              {running.url}
            </Code>
            <CopyButton value={running.url} label="Copy receiver address" />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              started <RelativeTime value={running.startedAt} />
            </Text>
          </Group>
          {!serviceIsLocal || running.publicUrl !== null || showTunnel ? (
            <TunnelForm port={new URL(running.url).port} publicUrl={running.publicUrl} />
          ) : (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setShowTunnel(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              Reach it from the internet through a tunnel…
            </Button>
          )}
          <form
            aria-label="Send a form to the receiver"
            onSubmit={(event) => {
              event.preventDefault();
              if (formId !== null) void create.create({ formId, toReceiver: true });
            }}
          >
            <Group align="center" gap="sm">
              <TargetForm form={form} chosen={chosen} />
              <Button
                type="submit"
                variant="light"
                disabled={formId === null}
                loading={create.isPending}
              >
                Create webhook to receiver
              </Button>
            </Group>
          </form>
          <CreateOutcome state={create} />
        </>
      )}

      <StaleReceiverWebhooks nameOf={nameOf} />

      <DeliveryList nameOf={nameOf} />
    </Stack>
  );
}
