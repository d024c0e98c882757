import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { apiKeyProblem } from '../../../../electron/shared/api/apiKey';
import type { Workspace } from '../../../../electron/shared/contract';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useWorkspaces } from './useWorkspaces';

/**
 * Asks for the key of a workspace whose key is gone (kept for one session only, or a keyring that
 * can no longer decrypt it) or was refused by the service (revoked, replaced). The service checks
 * it before anything is stored, and the workspace reopens with it; the cache it kept is reused.
 */
export function KeyReentryForm({
  workspace,
  reason = 'missing',
  onDone,
}: {
  workspace: Workspace;
  reason?: 'missing' | 'refused';
  onDone: () => void;
}) {
  const [apiKey, setApiKey] = useState('');
  const keyring = useWorkspaces().data?.keyring;
  const setKey = useOpMutation('workspaces.setKey', {
    invalidates: 'all',
    onSuccess: () => {
      // The key now lives in the core; drop it from this screen's memory at once.
      setApiKey('');
      onDone();
    },
  });
  // Without a secure keyring the key is kept for this session only: storing it unencrypted is a
  // choice the connect form asks for explicitly.
  const keyStorage = (keyring?.secure ?? true) ? 'secure' : 'session';
  // A key the service would refuse by its shape is named here, before it is sent.
  const keyProblem = apiKey.trim() ? apiKeyProblem(apiKey) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apiKey.trim() && !keyProblem)
      setKey.mutate({ id: workspace.id, apiKey: apiKey.trim(), keyStorage });
  };
  return (
    <form
      onSubmit={submit}
      aria-label={reason === 'missing' ? 'Enter the API key again' : 'Enter a new API key'}
    >
      <Stack>
        <Text size="sm">
          {reason === 'missing'
            ? `Formdesk no longer has the API key for ${workspace.baseUrl}.`
            : `The service at ${new URL(workspace.baseUrl).host} refuses the key Formdesk has (it may have been revoked or replaced).`}{' '}
          The cached submissions stay readable; with a current key, syncing and changes work again.
        </Text>
        <PasswordInput
          label="API key"
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          error={keyProblem}
          autoComplete="off"
          data-autofocus
          required
        />
        {setKey.isError && <ErrorAlert error={setKey.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={setKey.isPending}
            disabled={!apiKey.trim() || keyProblem !== null}
          >
            Use this key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
