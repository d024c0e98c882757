import type { ConnectionState } from '../../../electron/shared/contract';

/**
 * Why the service cannot be asked: this computer has no network, or it has one and the service
 * does not answer. People act differently on each (check the Wi-Fi, or wait for the service).
 */
export type Unreachable = 'noNetwork' | 'serviceDown';

export function unreachableOf(state: ConnectionState, machineOnline: boolean): Unreachable | null {
  if (!machineOnline) return 'noNetwork';
  return state === 'offline' ? 'serviceDown' : null;
}

interface ReachWords {
  /** A badge's few words. */
  badge: string;
  /** What is happening and what still works, for a tooltip or a banner. */
  sentence: string;
  /** Why a change that needs the service (a delete, a sync) waits. */
  needsService: string;
}

export const REACH_WORDS: Record<Unreachable, ReachWords> = {
  noNetwork: {
    badge: 'Offline',
    sentence:
      'This computer is offline. Cached data is shown; changes wait until the network is back.',
    needsService: 'This needs the service, and this computer is offline.',
  },
  serviceDown: {
    badge: 'Service not answering',
    sentence:
      'The service is not answering, though this computer is online. Cached data is shown; try again in a moment.',
    needsService: 'This needs the service, which is not answering right now.',
  },
};
