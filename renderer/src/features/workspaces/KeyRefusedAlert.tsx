import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { Workspace } from '../../../../electron/shared/contract';
import { KeyReentryForm } from './KeyReentryForm';

/**
 * The one banner for a key the service refuses, with the way out where it is shown: a new key,
 * checked before it replaces the old one. The cache, and the workspace, stay as they are.
 */
export function KeyRefusedAlert({ workspace }: { workspace: Workspace }) {
  const [entering, setEntering] = useState(false);
  return (
    <Alert
      color="red"
      icon={<IconKeyOff />}
      title="The service refused this workspace’s API key"
      data-state="unauthorized"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Cached forms and submissions are still here; syncing and changes wait for a current key.
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => setEntering(true)}>
          Enter a new key
        </Button>
      </Group>
      <Modal
        opened={entering}
        onClose={() => setEntering(false)}
        title={`API key for “${workspace.name}”`}
      >
        <KeyReentryForm workspace={workspace} reason="refused" onDone={() => setEntering(false)} />
      </Modal>
    </Alert>
  );
}
