import { type Handlers } from '../shared/contract';
import { webhookHandlers } from './webhooks/handlers';
import { workspaceHandlers } from './workspaces/handlers';
import { type ShellContext } from './workspaces/types';

/**
 * Every operation of the contract, one family per feature. `satisfies Handlers` turns a family
 * that is declared in the contract but not spread here into a compile error.
 */
export function createHandlers(ctx: ShellContext): Handlers {
  return {
    ...workspaceHandlers(ctx),
    ...webhookHandlers(ctx),
    // Straight from the service until the cache's form family (counts, sync state) takes over.
    'forms.list': async () => ({
      forms: (await ctx.session().api.listForms({ priority: 'interactive' })).map(({ formId, name }) => ({
        formId,
        name,
      })),
    }),
    'questions.list': async ({ formId }) => ({
      questions: (await ctx.session().api.getFormMetadata(formId, { priority: 'interactive' }))?.questions ?? [],
    }),
  } satisfies Handlers;
}
