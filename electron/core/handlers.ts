import { type Handlers } from '../shared/contract';
import { activityHandlers } from './activity/handlers';
import { type DeliverExport, fileHandlers } from './exportDelivery';
import { importHandlers } from './import/handlers';
import { submissionHandlers } from './submissions/handlers';
import { formHandlers } from './sync/formHandlers';
import { syncHandlers } from './sync/handlers';
import { webhookHandlers } from './webhooks/handlers';
import { workspaceHandlers } from './workspaces/handlers';
import { type ShellContext } from './workspaces/types';

/**
 * Every operation of the contract, one family per feature. `satisfies Handlers` turns a family
 * that is declared in the contract but not spread here into a compile error. `deliverExport` is
 * the one thing that differs by shell: a save dialog in Electron, a download in browser mode.
 */
export function createHandlers(ctx: ShellContext, deliverExport: DeliverExport): Handlers {
  return {
    ...workspaceHandlers(ctx),
    ...webhookHandlers(ctx),
    ...formHandlers(ctx),
    ...syncHandlers(ctx),
    ...submissionHandlers(ctx),
    ...activityHandlers(ctx),
    ...importHandlers(ctx),
    ...fileHandlers(ctx.dataDir, deliverExport),
  } satisfies Handlers;
}
