import { Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import type { WebhookRecord } from '../../../../electron/shared/contract';
import { CopyButton } from '../../components/CopyButton';
import { RelativeTime } from '../../components/RelativeTime';
import { TestDeliveryButton } from './TestDeliveryButton';

/** The registry: every webhook this workspace knows, with what can be done to each. */
export function WebhookTable({
  webhooks,
  nameOf,
  onDelete,
  onForget,
}: {
  webhooks: WebhookRecord[];
  nameOf: (formId: string) => string;
  onDelete: (webhook: WebhookRecord) => void;
  onForget: (webhook: WebhookRecord) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Webhooks" data-state="ready">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <Table.Th>Form</Table.Th>
            <Table.Th>Url</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {webhooks.map((w) => (
            <Table.Tr key={String(w.id)} data-webhook-id={String(w.id)}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text ff="monospace" size="sm">
                    {String(w.id)}
                  </Text>
                  <CopyButton value={String(w.id)} label={`Copy webhook id ${String(w.id)}`} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{nameOf(w.formId)}</Text>
              </Table.Td>
              <Table.Td maw={360}>
                <Group gap={6} wrap="nowrap">
                  <Tooltip label={w.url} multiline maw={480}>
                    <Text size="sm" ff="monospace" truncate="end">
                      {w.url}
                    </Text>
                  </Tooltip>
                  <Badges webhook={w} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <RelativeTime value={w.createdAt} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  {w.unknownToServiceAt ? (
                    <Button size="xs" variant="light" color="gray" onClick={() => onForget(w)}>
                      Remove from registry
                    </Button>
                  ) : (
                    <>
                      <TestDeliveryButton webhook={w} />
                      <Button size="xs" variant="light" color="red" onClick={() => onDelete(w)}>
                        Delete
                      </Button>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Badges({ webhook }: { webhook: WebhookRecord }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {webhook.origin === 'adopted' && (
        <Tooltip label="Created elsewhere; its id was typed in">
          <Badge size="xs" variant="light" color="grape">
            adopted
          </Badge>
        </Tooltip>
      )}
      {webhook.receiver === 'running' && (
        <Badge size="xs" variant="light" color="teal">
          test receiver
        </Badge>
      )}
      {webhook.receiver === 'stopped' && (
        <Tooltip label="Points at a test receiver that is no longer running: deliveries fail">
          <Badge size="xs" variant="light" color="orange">
            receiver stopped
          </Badge>
        </Tooltip>
      )}
      {webhook.unknownToServiceAt && (
        <Tooltip label="The service answered that it does not know this id">
          <Badge size="xs" variant="light" color="gray">
            unknown to service
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
