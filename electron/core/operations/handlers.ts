import { type HandlersOn } from '../../shared/contract';
import { type DeliverExport, fileHandlers } from '../exports/exportDelivery';
import { importHandlers } from '../import/handlers';
import { peopleHandlers } from '../people/handlers';
import { bulkDeleteHandlers } from '../submissions/bulkDeleteHandlers';
import { submissionHandlers } from '../submissions/handlers';
import { recreateHandlers } from '../submissions/recreateCopy';
import { formHandlers } from '../sync/formHandlers';
import { syncHandlers } from '../sync/handlers';
import { webhookHandlers } from '../webhooks/handlers';
import { workspaceHandlers } from '../workspaces/handlers';
import { type ShellContext } from '../workspaces/types';

/**
 * The core's operations (`OP_THREADS`), one family per feature. `satisfies` turns a family placed
 * on the core but not spread here into a compile error. `deliverExport` is the one thing that
 * differs by shell: a save dialog in Electron, a download in browser mode.
 * `resumeInterruptedImports` is for a core started again after its thread stopped mid-import.
 */
export function createHandlers(
  ctx: ShellContext,
  deliverExport: DeliverExport,
  options: { resumeInterruptedImports?: boolean } = {},
): HandlersOn<'core'> {
  return {
    ...workspaceHandlers(ctx),
    ...webhookHandlers(ctx),
    ...formHandlers(ctx),
    ...syncHandlers(ctx),
    ...submissionHandlers(ctx),
    ...bulkDeleteHandlers(ctx),
    ...peopleHandlers(ctx),
    ...importHandlers(ctx, { resumeInterrupted: options.resumeInterruptedImports ?? false }),
    ...recreateHandlers(ctx),
    ...fileHandlers(ctx.dataDir, deliverExport),
  } satisfies HandlersOn<'core'>;
}
