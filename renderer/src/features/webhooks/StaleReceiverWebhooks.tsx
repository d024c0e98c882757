import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useOp, useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * Webhooks left pointing at a test receiver that is no longer running (stopped now, or in an
 * earlier run of the app): the service keeps trying them, so offer to delete them.
 */
export function StaleReceiverWebhooks({ nameOf }: { nameOf: (formId: string | null) => string }) {
  const registry = useOp('webhooks.list', {});
  const remove = useOpMutation('webhooks.delete');
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const stale = (registry.data?.webhooks ?? []).filter(
    (w) => w.receiver === 'stopped' && w.unknownToServiceAt === null && !kept.has(String(w.id)),
  );
  if (stale.length === 0) return null;

  const deleteAll = async () => {
    setBusy(true);
    try {
      for (const w of stale) await remove.mutateAsync({ id: w.id });
    } catch {
      // The error is shown below; the webhooks not yet deleted stay listed.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title="Webhooks still point at a stopped receiver"
      data-state="orphans"
    >
      <Stack gap="xs">
        <List size="sm">
          {stale.map((w) => (
            <List.Item key={String(w.id)}>
              {String(w.id)} · {nameOf(w.formId)}
            </List.Item>
          ))}
        </List>
        <Text size="sm">Their deliveries now fail. Delete them from the service?</Text>
        {remove.isError && <ErrorAlert error={remove.error} />}
        <Group gap="xs">
          <Button size="xs" color="red" loading={busy} onClick={() => void deleteAll()}>
            Delete {stale.length === 1 ? 'it' : `all ${stale.length}`}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setKept(new Set([...kept, ...stale.map((w) => String(w.id))]))}
          >
            Keep
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
