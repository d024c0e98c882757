import { useEffect, useRef } from 'react';
import type { AppEventType } from '../../../electron/shared/contract';
import { useBridgeContext } from './BridgeProvider';
import type { EventOf } from './eventHub';

/** Runs `handler` for each app event of `type` while the component is mounted. */
export function useAppEvent<T extends AppEventType>(
  type: T,
  handler: (event: EventOf<T>) => void,
): void {
  const { hub } = useBridgeContext();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => hub.subscribe(type, (event) => latest.current(event)), [hub, type]);
}
