import { type WebhookId } from '../../shared/api/endpoints';
import { AppError, isAppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type ActivityKind } from '../../shared/contract/activity';
import { type ActivityLog } from '../cache/activityLog';
import { isLoopback } from '../workspaces/baseUrl';
import { type StoredWebhook, type WebhookRegistry } from './webhookRegistry';

export interface WebhookManagerDeps {
  api: ApiClient;
  registry: WebhookRegistry;
  /** Creates, deletes and forgotten ids are kept in the local audit log, the record whole. */
  activity: ActivityLog;
  workspaceId: string;
  now?: () => Date;
}

export type CreateOutcome =
  { created: true; webhook: StoredWebhook } | { created: false; duplicates: StoredWebhook[] };

/**
 * Creating, deleting and adopting webhooks so that the registry never loses an id: a webhook is
 * recorded as soon as the service answers its id, and leaves the registry only once the service
 * confirms it is gone (or the person says to forget it).
 */
export function webhookManager({
  api,
  registry,
  activity,
  workspaceId,
  now = () => new Date(),
}: WebhookManagerDeps) {
  const log = (kind: ActivityKind, webhook: StoredWebhook, summary: string) =>
    activity.record({
      at: now().toISOString(),
      workspaceId,
      kind,
      formId: webhook.formId,
      submissionId: null,
      summary,
      snapshot: webhook,
    });

  return {
    async create(input: {
      formId: string;
      url: string;
      confirmDuplicate: boolean;
    }): Promise<CreateOutcome> {
      const target = new URL(input.url);
      const service = new URL(api.baseUrl);
      // A service on another machine would post to its own loopback, never to this computer.
      if (isLoopback(target.hostname) && !isLoopback(service.hostname)) {
        throw new AppError(
          'INVALID_INPUT',
          `The service at ${service.host} cannot reach ${target.host} on this computer. Use the https address of a tunnel to it instead.`,
          { details: { field: 'url' } },
        );
      }
      const url = target.href;
      const duplicates = registry.findTarget(input.formId, url);
      if (duplicates.length > 0 && !input.confirmDuplicate) return { created: false, duplicates };
      let id: WebhookId;
      try {
        ({ id } = await api.createWebhook(input.formId, url, { priority: 'interactive' }));
      } catch (error) {
        if (isAppError(error) && error.outcomeUnknown) {
          throw new AppError(
            'NETWORK',
            `The connection dropped before the service answered, so it may have created the webhook without Formdesk learning its id. If submissions arrive at ${url}, ask the service's support to remove it; do not simply try again.`,
            { outcomeUnknown: true, cause: error },
          );
        }
        throw error;
      }
      const webhook = registry.add({
        id,
        formId: input.formId,
        url,
        origin: 'created',
        workspaceId,
        createdAt: now().toISOString(),
      });
      log('webhook.created', webhook, `Webhook ${id} created for form ${input.formId}.`);
      return { created: true, webhook };
    },

    /** The service first; a 404 keeps the record, marked, so the person decides to forget it. */
    async delete(
      id: WebhookId,
    ): Promise<{ outcome: 'deleted' | 'unknownToService'; webhook: StoredWebhook }> {
      const webhook = known(registry, id);
      try {
        await api.deleteWebhook(webhook.id, { priority: 'interactive' });
      } catch (error) {
        if (isAppError(error) && error.code === 'NOT_FOUND') {
          const at = now().toISOString();
          registry.markUnknownToService(webhook.id, at);
          return { outcome: 'unknownToService', webhook: { ...webhook, unknownToServiceAt: at } };
        }
        throw error;
      }
      registry.remove(webhook.id);
      log('webhook.deleted', webhook, `Webhook ${webhook.id} deleted from form ${webhook.formId}.`);
      return { outcome: 'deleted', webhook };
    },

    /** Takes in a webhook made elsewhere (its id typed in), so it can be listed and deleted here. */
    adopt(input: { id: WebhookId; formId: string; url: string }): StoredWebhook {
      // Made elsewhere, so not held to Formdesk's https rule; but it is a web address or a typo.
      const url = URL.parse(input.url);
      if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        throw new AppError('INVALID_INPUT', 'The url is not a complete web address (https://…).');
      }
      return registry.add({
        id: input.id,
        formId: input.formId,
        url: url.href,
        origin: 'adopted',
        workspaceId,
        createdAt: now().toISOString(),
      });
    },

    forget(id: WebhookId): { forgotten: boolean } {
      const webhook = registry.get(id);
      if (webhook === null || !registry.remove(id)) return { forgotten: false };
      log(
        'webhook.forgotten',
        webhook,
        `Webhook ${webhook.id} removed from the registry without asking the service.`,
      );
      return { forgotten: true };
    },
  };
}

export type WebhookManager = ReturnType<typeof webhookManager>;

function known(registry: WebhookRegistry, id: WebhookId): StoredWebhook {
  const webhook = registry.get(id);
  if (webhook === null) {
    throw new AppError(
      'NOT_FOUND',
      `Webhook ${id} is not in the registry. Adopt it first (with its form and url) to delete it.`,
    );
  }
  return webhook;
}
