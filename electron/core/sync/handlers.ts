import { type Handlers } from '../../shared/contract';
import { type AppContext } from '../session/context';
import { syncServiceFor } from './syncService';

type SyncHandlers = Pick<Handlers, 'sync.start' | 'sync.cancel' | 'sync.status'>;

export function syncHandlers(ctx: AppContext): SyncHandlers {
  const sync = syncServiceFor(ctx);
  return {
    'sync.start': async (input) => sync.start(input),
    'sync.cancel': async () => ({ cancelled: sync.cancel() }),
    'sync.status': async ({ formId }) => sync.status(formId),
  };
}
