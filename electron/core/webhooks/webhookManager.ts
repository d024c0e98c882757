import { type WebhookId } from '../../shared/api/endpoints';
import { AppError, isAppError } from '../../shared/errors';
import { type ApiClient } from '../api/types';
import { type ActivityKind } from '../../shared/contract/activity';
import { type ActivityLog } from '../cache/activityLog';
import { isLoopback } from '../workspaces/baseUrl';
import { type CreateAttempts, type OpenAttempt } from './createAttempts';
import { type StoredWebhook, type WebhookRegistry } from './webhookRegistry';

export interface WebhookManagerDeps {
  api: ApiClient;
  registry: WebhookRegistry;
  attempts: CreateAttempts;
  /** Creates, deletes and forgotten ids are kept in the local audit log, the record whole. */
  activity: ActivityLog;
  workspaceId: string;
  now?: () => Date;
}

export type CreateOutcome =
  | { created: true; webhook: StoredWebhook }
  | { created: false; duplicates: StoredWebhook[]; uncertain: OpenAttempt[] };

/**
 * Creating, deleting and adopting webhooks so that the registry never loses an id: a create is
 * recorded before it is sent, a webhook joins the registry as soon as the service answers its id,
 * and leaves it only once the service confirms it is gone (or the person says to forget it). A
 * create whose answer never came stays recorded as one that may exist, and is never resent.
 */
export function webhookManager({
  api,
  registry,
  attempts,
  activity,
  workspaceId,
  now = () => new Date(),
}: WebhookManagerDeps) {
  const log = (kind: ActivityKind, webhook: StoredWebhook | OpenAttempt, summary: string) =>
    activity.record({
      at: now().toISOString(),
      workspaceId,
      kind,
      formId: webhook.formId,
      submissionId: null,
      summary,
      snapshot: webhook,
    });

  /** Answers whether any record changed, so the caller can announce it. */
  const settleInterrupted = (): boolean => {
    const orphans = attempts.settleInterrupted(now().toISOString());
    for (const orphan of orphans) {
      log(
        'webhook.uncertain',
        orphan,
        `A webhook for form ${orphan.formId} to ${orphan.url} may exist: Formdesk stopped before the service answered, so its id is unknown.`,
      );
    }
    return orphans.length > 0;
  };

  /** The registry entry and the attempt's id are written together: one is never without the other. */
  const completed = (
    attempt: OpenAttempt,
    id: WebhookId,
    origin: StoredWebhook['origin'],
    createdAt: string,
  ): StoredWebhook =>
    registry.transaction(() => {
      attempts.complete(attempt.attemptId, id);
      return registry.add({
        id,
        formId: attempt.formId,
        url: attempt.url,
        origin,
        workspaceId,
        createdAt,
      });
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
      settleInterrupted();
      const duplicates = registry.findTarget(input.formId, url);
      const uncertain = attempts.findTarget(input.formId, url);
      if (duplicates.length + uncertain.length > 0 && !input.confirmDuplicate) {
        return { created: false, duplicates, uncertain };
      }
      const createdAt = now().toISOString();
      const attempt = attempts.begin({ formId: input.formId, url, workspaceId, sentAt: createdAt });
      let id: WebhookId;
      try {
        ({ id } = await api.createWebhook(input.formId, url, { priority: 'interactive' }));
      } catch (error) {
        if (isAppError(error) && error.outcomeUnknown) {
          const lost = attempts.answerLost(attempt.attemptId, now().toISOString());
          log(
            'webhook.uncertain',
            lost,
            `A webhook for form ${input.formId} to ${url} may exist: the service's answer was lost, so its id is unknown.`,
          );
          throw new AppError(
            'NETWORK',
            `No answer came from the service (the connection dropped, timed out, or a gateway failed), so it may have created the webhook without Formdesk learning its id. It is listed as "may exist, id unknown"; do not simply try again.`,
            { outcomeUnknown: true, cause: error },
          );
        }
        attempts.discard(attempt.attemptId);
        throw error;
      } finally {
        attempts.release(attempt.attemptId);
      }
      const webhook = completed(attempt, id, 'created', createdAt);
      log('webhook.created', webhook, `Webhook ${id} created for form ${input.formId}.`);
      return { created: true, webhook };
    },

    /** Creates without an id, newest first; those a stopped core left are first turned uncertain. */
    uncertain(formId?: string): { records: OpenAttempt[]; changed: boolean } {
      const changed = settleInterrupted();
      return { records: attempts.open(formId), changed };
    },

    /**
     * A delivery arrived at an address: when no known webhook delivers there, at least one of the
     * uncertain creates to it exists. Only the oldest is marked, as one stream of deliveries cannot
     * tell how many webhooks send it.
     */
    delivered(formId: string, isAddress: (url: string) => boolean): OpenAttempt | null {
      settleInterrupted();
      if (registry.list().some((w) => isAddress(w.url))) return null;
      const there = attempts.open(formId).filter((a) => isAddress(a.url));
      if (there.some((a) => a.state === 'exists')) return null;
      const oldest = there.filter((a) => a.state === 'uncertain').at(-1);
      if (oldest === undefined) return null;
      const at = now().toISOString();
      attempts.markExists(oldest.attemptId, at);
      const proven: OpenAttempt = { ...oldest, state: 'exists', deliveredAt: at };
      log(
        'webhook.exists',
        proven,
        `A submission of form ${formId} arrived at ${oldest.url}: the webhook whose create got no answer exists, its id still unknown.`,
      );
      return proven;
    },

    /** Completes an uncertain create with the id the service's support gave. */
    adoptUncertain(attemptId: string, id: WebhookId): StoredWebhook {
      settleInterrupted();
      const attempt = attempts.get(attemptId);
      if (attempt === null || attempt.state === 'sending') {
        throw new AppError('NOT_FOUND', 'That create is no longer listed as uncertain.');
      }
      return completed(attempt, id, 'adopted', attempt.sentAt);
    },

    forgetUncertain(attemptId: string): { forgotten: boolean } {
      settleInterrupted();
      const attempt = attempts.get(attemptId);
      if (attempt === null || attempt.state === 'sending' || !attempts.forget(attemptId)) {
        return { forgotten: false };
      }
      log(
        'webhook.forgotten',
        attempt,
        `The record of a webhook that may exist for form ${attempt.formId} was removed; the service was not asked.`,
      );
      return { forgotten: true };
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
