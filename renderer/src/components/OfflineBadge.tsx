import { Badge, Tooltip } from '@mantine/core';
import { IconCloudOff, IconKeyOff, IconWifiOff } from '@tabler/icons-react';
import { useMachineOnline, type ConnectionState } from '../app/connection';
import { REACH_WORDS, unreachableOf } from '../app/reach';

/** Says, only when it matters, that what is shown comes from the cache and may be behind. */
export function OfflineBadge({ state }: { state: ConnectionState }) {
  const unreachable = unreachableOf(state, useMachineOnline());
  if (unreachable) {
    const words = REACH_WORDS[unreachable];
    return (
      <Tooltip label={words.sentence} multiline maw={320}>
        <Badge
          color="yellow"
          variant="light"
          tt="none"
          leftSection={
            unreachable === 'noNetwork' ? <IconWifiOff size={14} /> : <IconCloudOff size={14} />
          }
          data-state="offline"
          data-reason={unreachable}
        >
          {words.badge}
        </Badge>
      </Tooltip>
    );
  }
  if (state === 'unauthorized') {
    return (
      <Tooltip label="The service refused the API key. Enter a new key in Settings.">
        <Badge
          color="red"
          variant="light"
          leftSection={<IconKeyOff size={14} />}
          data-state="unauthorized"
        >
          Key refused
        </Badge>
      </Tooltip>
    );
  }
  return null;
}
