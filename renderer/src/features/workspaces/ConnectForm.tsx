import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { apiKeyProblem } from '../../../../electron/shared/api/apiKey';
import { BASE_URL_PRESETS, type KeyStorage } from '../../../../electron/shared/contract';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { adviseOn } from '../../components/errorAdvice';
import { baseUrlProblem, REGION_LABELS, type Region } from './baseUrl';
import { useWorkspaces } from './useWorkspaces';

const REGIONS: Region[] = ['us', 'eu', 'ca', 'custom'];

/**
 * Connects an account: region (or a custom base URL), the API key and, when the OS has no real
 * keyring, where to keep the key. The core checks the key against the service before saving.
 */
export function ConnectForm({
  onConnected,
  onCancel,
}: {
  onConnected?: () => void;
  onCancel?: () => void;
}) {
  const keyring = useWorkspaces().data?.keyring;
  const [region, setRegion] = useState<Region>('us');
  const [customUrl, setCustomUrl] = useState('');
  const [name, setName] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [insecureChoice, setInsecureChoice] = useState<Exclude<KeyStorage, 'secure'>>('session');
  const [touched, setTouched] = useState(false);
  const add = useOpMutation('workspaces.add', {
    invalidates: 'all',
    onSuccess: () => {
      // The key now lives in main; drop it from this screen's memory at once.
      setApiKey('');
      onConnected?.();
    },
  });

  const secure = keyring?.secure ?? true;
  // The core names the field a refusal is about (a wrong key, an unreachable host): show it there.
  const refusedField = add.error?.shape.details?.field;
  const serverError = (field: string) =>
    refusedField === field && add.error ? adviseOn(add.error.shape).sentence : null;
  const edited = () => {
    if (add.isError) add.reset();
  };
  const baseUrl = region === 'custom' ? customUrl.trim() : BASE_URL_PRESETS[region];
  const urlProblem = region === 'custom' ? baseUrlProblem(customUrl) : null;
  const keyProblem = apiKeyProblem(apiKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (urlProblem || keyProblem) return;
    add.mutate({
      baseUrl,
      apiKey: apiKey.trim(),
      keyStorage: secure ? 'secure' : insecureChoice,
      ...(name.trim() ? { name: name.trim() } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Connect your account">
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" fw={500} id="region-label">
            Where your account lives
          </Text>
          <SegmentedControl
            aria-labelledby="region-label"
            value={region}
            onChange={(value) => {
              setRegion(value as Region);
              edited();
            }}
            data={REGIONS.map((r) => ({ value: r, label: REGION_LABELS[r] }))}
            fullWidth
          />
          {region !== 'custom' && (
            <Text size="xs" c="dimmed">
              {BASE_URL_PRESETS[region]}
            </Text>
          )}
          {region !== 'custom' && serverError('baseUrl') && (
            <Text size="xs" c="red" role="alert">
              {serverError('baseUrl')}
            </Text>
          )}
        </Stack>
        {region === 'custom' && (
          <TextInput
            label="Base URL"
            placeholder="https://forms.example.com/v1/api"
            value={customUrl}
            onChange={(e) => {
              setCustomUrl(e.currentTarget.value);
              edited();
            }}
            error={(touched && urlProblem) || serverError('baseUrl')}
            required
            autoComplete="url"
          />
        )}
        <PasswordInput
          label="API key"
          description="Found in your account under Developer settings. It is stored by Formdesk and never shown again."
          value={apiKey}
          onChange={(e) => {
            setApiKey(e.currentTarget.value);
            edited();
          }}
          error={(touched && keyProblem) || serverError('apiKey')}
          required
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label="Workspace name"
          description="Optional; shown in the workspace switcher."
          placeholder="e.g. Marketing forms"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {secure ? (
          <Group gap={6}>
            <IconLock size={14} />
            <Text size="xs" c="dimmed">
              Formdesk keeps the key in secure storage ({keyring?.backend ?? 'system keyring'}).
            </Text>
          </Group>
        ) : (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle />}
            title="No secure key storage on this system"
          >
            <Radio.Group
              value={insecureChoice}
              onChange={(value) => setInsecureChoice(value as 'session' | 'plaintext')}
              label="Where should Formdesk keep the key?"
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="session"
                  label="Only until Formdesk quits (you will enter it again next time)"
                />
                <Radio
                  value="plaintext"
                  label="In a file on this computer, unencrypted: anyone with access to your user account can read it"
                />
              </Stack>
            </Radio.Group>
          </Alert>
        )}
        {add.isError && refusedField !== 'apiKey' && refusedField !== 'baseUrl' && (
          <ErrorAlert error={add.error} />
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={add.isPending}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
