import type { AppEvent, AppEventType } from '../../../electron/shared/contract';

export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

/** Fans the single bridge subscription out to components, by event type. */
export interface EventHub {
  emit(event: AppEvent): void;
  subscribe<T extends AppEventType>(type: T, handler: (event: EventOf<T>) => void): () => void;
}

export function createEventHub(): EventHub {
  const handlers = new Map<AppEventType, Set<(event: AppEvent) => void>>();
  return {
    emit(event) {
      for (const handler of handlers.get(event.type) ?? []) handler(event);
    },
    subscribe(type, handler) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      const wrapped = handler as (event: AppEvent) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}
