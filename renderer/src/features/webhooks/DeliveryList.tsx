import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconInbox } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Delivery } from '../../../../electron/shared/contract';
import { invalidate, useAppEvent, useOp } from '../../bridge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { shownLine, tooltipOf } from '../../components/respondentText';
import { PayloadViewer } from './PayloadViewer';

/** What a delivery changes: the list and the receiver's count. */
const RECEIVER_READS = ['webhooks.deliveries', 'webhooks.receiver.status'];

/** What the test receiver got, newest first, refreshed as each delivery arrives. */
export function DeliveryList({ nameOf }: { nameOf: (formId: string | null) => string }) {
  const queryClient = useQueryClient();
  // Deliveries that landed while this list was not shown announced themselves to nobody: refetch on mount.
  const deliveries = useOp('webhooks.deliveries', {}, { staleTime: 0 });
  const [viewing, setViewing] = useState<string | null>(null);
  useAppEvent('webhook.delivery', () => {
    void invalidate(queryClient, (query) => RECEIVER_READS.includes(String(query.queryKey[0])));
  });

  if (deliveries.isError)
    return <ErrorAlert error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  const rows = deliveries.data?.deliveries ?? [];
  if (rows.length === 0) {
    return (
      <EmptyState icon={<IconInbox />} title="No deliveries yet">
        Submissions sent to the receiver appear here as they arrive.
      </EmptyState>
    );
  }
  return (
    <>
      <Text fw={600} size="sm">
        Deliveries ({rows.length})
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={4} aria-label="Deliveries" data-count={rows.length}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Form</Table.Th>
              <Table.Th>Submission</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Payload" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.deliveryId} data-submission-id={d.submissionId ?? undefined}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {dayjs(d.receivedAt).format('HH:mm:ss')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{d.formId === null ? '—' : nameOf(d.formId)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {d.submissionId === null ? '—' : <bdi>{shownLine(d.submissionId)}</bdi>}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DeliveryBadges delivery={d} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setViewing(d.deliveryId)}
                  >
                    View payload
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PayloadViewer deliveryId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function DeliveryBadges({ delivery }: { delivery: Delivery }) {
  return (
    <Group gap={4} wrap="nowrap">
      {delivery.status === 'rejected' ? (
        <Badge
          size="sm"
          color="red"
          variant="light"
          title={delivery.problem === null ? undefined : tooltipOf(delivery.problem)}
        >
          rejected
        </Badge>
      ) : (
        <Badge size="sm" color="teal" variant="light">
          received
        </Badge>
      )}
      {delivery.duplicate && (
        <Badge
          size="sm"
          color="yellow"
          variant="light"
          title="This submission arrived before: a retry"
        >
          duplicate
        </Badge>
      )}
      {delivery.cached && (
        <Badge size="sm" color="blue" variant="light" title="Added to the cached submissions">
          in table
        </Badge>
      )}
      {delivery.shape === 'string' && (
        <Badge size="sm" color="gray" variant="light" title="The JSON arrived inside a string">
          string body
        </Badge>
      )}
    </Group>
  );
}
