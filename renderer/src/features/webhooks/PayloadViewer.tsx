import { Code, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { useOp } from '../../bridge';
import { CopyButton } from '../../components/CopyButton';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingState } from '../../components/LoadingState';
import { RespondentText } from '../../components/RespondentText';

/** The body of one delivery as it arrived: pretty JSON, or the raw text when it was not JSON. */
export function PayloadViewer({
  deliveryId,
  onClose,
}: {
  deliveryId: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={deliveryId !== null} onClose={onClose} title="Delivery payload" size="xl">
      {deliveryId && <Payload deliveryId={deliveryId} />}
    </Modal>
  );
}

function Payload({ deliveryId }: { deliveryId: string }) {
  const query = useOp('webhooks.deliveries', { deliveryId });
  if (query.isPending) return <LoadingState rows={3} label="Loading payload" />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  const delivery = query.data.deliveries[0];
  if (!delivery) return null;
  const text =
    typeof delivery.payload === 'string' && delivery.shape !== 'string'
      ? delivery.payload
      : JSON.stringify(delivery.payload, null, 2);
  return (
    <>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text size="sm" c={delivery.problem ? 'orange' : 'dimmed'}>
          {delivery.problem ??
            `${delivery.bytes.toLocaleString()} bytes, received ${new Date(delivery.receivedAt).toLocaleString()}`}
        </Text>
        <CopyButton value={text} label="Copy payload" />
      </Group>
      <ScrollArea.Autosize mah="70vh">
        <Code block aria-label="Payload">
          <RespondentText text={text} />
        </Code>
      </ScrollArea.Autosize>
    </>
  );
}
