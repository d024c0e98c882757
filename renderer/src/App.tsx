import { Center } from '@mantine/core';
import { AppFrame } from './app/AppFrame';
import { StartingScreen } from './app/StartingScreen';
import { ErrorAlert } from './components/ErrorAlert';
import { WelcomeScreen } from './features/workspaces/WelcomeScreen';
import { useWorkspaces } from './features/workspaces/useWorkspaces';

/** First run shows the welcome screen; once a workspace is open, the app frame. */
export function App() {
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <StartingScreen />;
  if (workspaces.isError) {
    return (
      <Center h="100vh" p="md">
        <ErrorAlert error={workspaces.error} onRetry={() => void workspaces.refetch()} />
      </Center>
    );
  }
  return workspaces.data.currentId ? <AppFrame /> : <WelcomeScreen />;
}
