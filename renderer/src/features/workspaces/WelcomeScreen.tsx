import {
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuildingWarehouse, IconPlayerPlay, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useOpMutation } from '../../bridge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ConnectForm } from './ConnectForm';
import { useSwitchWorkspace } from './useSwitchWorkspace';
import { useWorkspaces } from './useWorkspaces';

/** First run (or no workspace open): try the demo, connect an account, or reopen one. */
export function WelcomeScreen() {
  const [connecting, setConnecting] = useState(false);
  const openDemo = useOpMutation('workspaces.openDemo', { invalidates: 'all' });
  // The demo has its own card above: listed again here, it was offered twice.
  const existing = (useWorkspaces().data?.workspaces ?? []).filter((w) => w.kind !== 'demo');
  const select = useSwitchWorkspace();

  return (
    <Container size="md" py={64} data-state="welcome">
      <Stack gap="xl">
        <Stack gap={4} ta="center">
          <Title order={1}>Welcome to Formdesk</Title>
          <Text c="dimmed" size="lg">
            Browse, search and manage your form submissions, even offline.
          </Text>
        </Stack>
        {connecting ? (
          <Card withBorder padding="xl" maw={560} mx="auto" w="100%">
            <Title order={3} mb="md">
              Connect your account
            </Title>
            <ConnectForm onCancel={() => setConnecting(false)} />
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Card withBorder padding="xl">
              <Stack gap="sm" h="100%">
                <ThemeIcon size={44} variant="light" color="teal">
                  <IconPlayerPlay />
                </ThemeIcon>
                <Title order={3}>Try it with demo data</Title>
                <Text c="dimmed" size="sm" style={{ flex: 1 }}>
                  A built-in demo service with sample forms and thousands of submissions. Nothing
                  leaves your computer.
                </Text>
                <Button
                  color="teal"
                  loading={openDemo.isPending}
                  onClick={() => openDemo.mutate({})}
                >
                  Open the demo workspace
                </Button>
                {openDemo.isError && <ErrorAlert error={openDemo.error} />}
              </Stack>
            </Card>
            <Card withBorder padding="xl">
              <Stack gap="sm" h="100%">
                <ThemeIcon size={44} variant="light">
                  <IconPlugConnected />
                </ThemeIcon>
                <Title order={3}>Use your own forms</Title>
                <Text c="dimmed" size="sm" style={{ flex: 1 }}>
                  Connect with an API key. Formdesk keeps a local copy of your submissions so
                  browsing is instant and works offline.
                </Text>
                <Button onClick={() => setConnecting(true)}>Connect your account</Button>
              </Stack>
            </Card>
          </SimpleGrid>
        )}
        {!connecting && existing.length > 0 && (
          <Stack gap="xs" align="center">
            <Text size="sm" c="dimmed">
              Or open a workspace you added before
            </Text>
            <Group gap="xs" justify="center">
              {existing.map((workspace) => (
                <Button
                  key={workspace.id}
                  variant="default"
                  leftSection={<IconBuildingWarehouse size={16} />}
                  loading={select.isPending && select.variables.id === workspace.id}
                  onClick={() => select.mutate({ id: workspace.id })}
                >
                  {workspace.name}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
