import { Badge, Tooltip } from '@mantine/core';
import { IconCloudOff, IconKeyOff } from '@tabler/icons-react';
import type { ConnectionState } from '../app/connection';

/** Says, only when it matters, that what is shown comes from the cache and may be behind. */
export function OfflineBadge({ state }: { state: ConnectionState }) {
  if (state === 'offline') {
    return (
      <Tooltip label="The service cannot be reached. Cached data is shown; changes wait until you are back online.">
        <Badge
          color="yellow"
          variant="light"
          leftSection={<IconCloudOff size={14} />}
          data-state="offline"
        >
          Offline
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
