import { Box, Code, Group, Stack, Switch, Text } from '@mantine/core';
import type { Workspace } from '../../../../electron/shared/contract';
import { useOp, useOpMutation } from '../../bridge';
import { CopyButton } from '../../components/CopyButton';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * Whether desktop AI assistants may read this workspace's local copy, and its contact answers, with
 * the configuration an assistant needs to start Formdesk's server on it.
 */
export function AssistantAccessControl({ workspace }: { workspace: Workspace }) {
  const access = useOp('workspaces.assistantAccess', { id: workspace.id });
  const change = useOpMutation('workspaces.setAssistantAccess', {
    invalidates: ['workspaces.assistantAccess'],
  });
  if (access.isError)
    return <ErrorAlert error={access.error} onRetry={() => void access.refetch()} />;
  const current = change.isPending ? change.variables : access.data;
  const set = (next: { allowed: boolean; includeContacts: boolean }) =>
    change.mutate({ id: workspace.id, ...next });
  return (
    <Stack gap={6} data-state={access.data ? 'ready' : 'loading'}>
      <Switch
        label="Let AI assistants read this workspace"
        description="Desktop assistants that speak the Model Context Protocol can search and summarize this computer's copy of the submissions. Nothing is sent to the service, and each read is listed in Activity."
        checked={current?.allowed ?? false}
        disabled={!access.data}
        onChange={(event) =>
          set({
            allowed: event.currentTarget.checked,
            includeContacts: current?.includeContacts ?? false,
          })
        }
      />
      {current?.allowed && (
        <Switch
          label="Include contact answers"
          description="E-mail addresses, phone numbers and names are hidden from assistants unless this is on."
          checked={current.includeContacts}
          onChange={(event) => set({ allowed: true, includeContacts: event.currentTarget.checked })}
        />
      )}
      {access.data?.allowed && (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm">
              Add this to your assistant’s MCP servers (Claude Desktop: its config file):
            </Text>
            <CopyButton value={access.data.config} label="Copy the assistant configuration" />
          </Group>
          {/* A figure may carry a name; the pre inside it, a generic element, may not. */}
          <Box component="figure" m={0} aria-label="Assistant configuration">
            {/* Focusable: a long line scrolls, and the keyboard must reach it too. */}
            <Code block tabIndex={0}>
              {access.data.config}
            </Code>
          </Box>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm">Or run it in a terminal:</Text>
            <CopyButton value={access.data.command} label="Copy the command" />
          </Group>
          <Box component="figure" m={0} aria-label="Assistant server command">
            <Code block tabIndex={0}>
              {access.data.command}
            </Code>
          </Box>
        </Stack>
      )}
      {change.isError && <ErrorAlert error={change.error} />}
    </Stack>
  );
}
