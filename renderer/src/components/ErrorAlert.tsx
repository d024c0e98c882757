import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useMachineOnline } from '../app/connection';
import { REACH_WORDS } from '../app/reach';
import { toErrorShape } from '../bridge';
import { adviseOn } from './errorAdvice';

/** An operation's failure as a sentence that says what happened and what to do next. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const shape = toErrorShape(error);
  const advice = adviseOn(shape);
  const offline = shape.code === 'NETWORK' || shape.code === 'OFFLINE';
  // The core only knows the service did not answer; the page knows whether the network is gone.
  const machineOnline = useMachineOnline();
  const title = offline && !machineOnline ? REACH_WORDS.noNetwork.badge : advice.title;
  return (
    <Alert
      color={offline ? 'yellow' : 'red'}
      icon={offline ? <IconPlugConnectedX /> : <IconAlertTriangle />}
      title={title}
      data-state="error"
      data-error-code={shape.code}
      role="alert"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{advice.sentence}</Text>
        {onRetry && (shape.retryable || offline) && (
          <Button size="xs" variant="light" color={offline ? 'yellow' : 'red'} onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
