import { Alert, Container, Stack, Text } from '@mantine/core';
import { useOp } from '../bridge';
import { LoadingState } from '../components/LoadingState';

/** How often the start screen asks what the app is busy with. */
const ASK_EVERY_MS = 1_000;

/**
 * Shown until the workspace opens. Opening is quick, unless the cache was written by an earlier
 * Formdesk: bringing a large one up to date takes minutes, and the person is told so.
 */
export function StartingScreen() {
  const startup = useOp('app.startup', {}, { refetchInterval: ASK_EVERY_MS });
  const updating = startup.data?.updating;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        {updating && (
          <Alert color="blue" title={`Updating the cache of “${updating.workspaceName}”`}>
            <Text size="sm">
              This version of Formdesk keeps its cache in a new way, and brings this one up to date
              once: a cache of a million submissions takes a minute or two. Nothing in it is lost,
              and the workspace opens when it is done.
            </Text>
          </Alert>
        )}
        <LoadingState rows={3} label="Starting Formdesk" />
      </Stack>
    </Container>
  );
}
