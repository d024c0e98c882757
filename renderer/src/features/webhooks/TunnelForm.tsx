import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { webhookUrlProblem } from '../../../../electron/shared/contract';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * For services that cannot reach this computer: the public https address of a tunnel to the
 * receiver's port. Webhooks created to the receiver then point through it, with the same secret path.
 */
export function TunnelForm({ port, publicUrl }: { port: string; publicUrl: string | null }) {
  const [value, setValue] = useState(publicUrl ?? '');
  const [touched, setTouched] = useState(false);
  const update = useOpMutation('webhooks.receiver.start');
  const problem = webhookUrlProblem(value);

  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        Forward a tunnel to this computer&apos;s port {port}, for example{' '}
        <Code>cloudflared tunnel --url http://127.0.0.1:{port}</Code> or{' '}
        <Code>ngrok http {port}</Code>, and give its https address here.
      </Text>
      <form
        aria-label="Tunnel address"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (problem === null) update.mutate({ publicUrl: value.trim() });
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            aria-label="Public address of the tunnel"
            placeholder="https://example.trycloudflare.com"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={touched ? problem : undefined}
            style={{ flex: 1, minWidth: 260 }}
          />
          <Button type="submit" variant="light" loading={update.isPending}>
            Use tunnel
          </Button>
          {publicUrl !== null && (
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                setValue('');
                setTouched(false);
                update.mutate({ publicUrl: null });
              }}
            >
              Remove
            </Button>
          )}
        </Group>
      </form>
      {update.isError && <ErrorAlert error={update.error} />}
    </Stack>
  );
}
