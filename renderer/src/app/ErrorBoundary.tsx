import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Keeps one broken screen from blanking the app: shows what failed and lets the user retry. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: unknown }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: unknown }): void {
    // Moving to another section gives the new screen a fresh start.
    if (this.state.error && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Alert
        color="red"
        icon={<IconBug />}
        title="This screen stopped working"
        m="md"
        data-state="error"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Formdesk hit an unexpected problem while showing it. Your data is safe; try again, and
            if it keeps happening, report the message below.
          </Text>
          <Code block>{this.state.error.message}</Code>
          <Button variant="light" color="red" onClick={() => this.setState({ error: null })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
}
