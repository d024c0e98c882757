import { type Handlers } from '../../shared/contract';
import {
  type ReceiverStatus,
  type UncertainWebhook,
  type WebhookRecord,
} from '../../shared/contract/webhooks';
import { AppError } from '../../shared/errors';
import { ActivityLog } from '../cache/activityLog';
import { FormStore } from '../cache/formStore';
import { type AppContext, type WorkspaceSession } from '../session/context';
import { CreateAttempts, type OpenAttempt } from './createAttempts';
import { isReceiverUrl } from './receiverServer';
import { storeDelivered } from './storeDelivered';
import { startTestReceiver, type TestReceiver } from './testReceiver';
import { sendTestDelivery } from './testDelivery';
import { webhookManager } from './webhookManager';
import { WebhookRegistry, type StoredWebhook } from './webhookRegistry';

type WebhookHandlers = Pick<Handlers, `webhooks.${string}` & keyof Handlers>;

/**
 * The webhook family. One test receiver per app at most: it belongs to the workspace that started
 * it and stops when that workspace closes, since its deliveries are written to that cache.
 */
export function webhookHandlers(ctx: AppContext): WebhookHandlers {
  let receiver: TestReceiver | null = null;
  // The last receiver's deliveries stay listed after it stops, until another one starts.
  let lastReceiver: TestReceiver | null = null;
  // Starts and stops run one at a time: two quick clicks must not leave two servers listening.
  let receiverQueue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = receiverQueue.then(work);
    receiverQueue = next.catch(() => {});
    return next;
  };

  const manager = (session = ctx.session()) => {
    const registry = new WebhookRegistry(session.db);
    const attempts = new CreateAttempts(session.db);
    const activity = new ActivityLog(session.db);
    const workspaceId = session.workspace.id;
    return {
      registry,
      ops: webhookManager({ api: session.api, registry, attempts, activity, workspaceId }),
      /** Other windows (and the activity screen) refetch what a change touched. */
      announce: () =>
        ctx.emit({ type: 'cache.changed', workspaceId, tables: ['webhooks', 'activity'] }),
    };
  };

  const annotate = <T extends StoredWebhook | OpenAttempt>(
    webhook: T,
  ): T & { receiver: WebhookRecord['receiver'] } => ({
    ...webhook,
    receiver: receiver?.owns(webhook.url)
      ? 'running'
      : isReceiverUrl(webhook.url)
        ? 'stopped'
        : null,
  });
  const annotateAll = (attempts: OpenAttempt[]): UncertainWebhook[] => attempts.map(annotate);

  const status = (): ReceiverStatus =>
    receiver === null
      ? { running: false }
      : {
          running: true,
          receiverId: receiver.id,
          url: receiver.url,
          publicUrl: receiver.publicUrl,
          startedAt: receiver.startedAt,
          workspaceId: receiver.workspaceId,
          deliveryCount: receiver.log.count,
        };

  const stop = async (): Promise<TestReceiver | null> => {
    const stopped = receiver;
    receiver = null;
    await stopped?.stop();
    return stopped;
  };

  const start = async (session: WorkspaceSession): Promise<TestReceiver> => {
    const started = await startTestReceiver({
      workspaceId: session.workspace.id,
      store: async (formId, submissionId) => {
        if (session.signal.aborted) return false;
        const submission = await session.api.getSubmission(
          formId,
          submissionId,
          {},
          { priority: 'background', signal: session.signal },
        );
        if (session.signal.aborted) return false;
        storeDelivered(session.db, formId, submission);
        ctx.emit({
          type: 'cache.changed',
          workspaceId: session.workspace.id,
          tables: ['submissions'],
          formId,
        });
        return true;
      },
      onDelivery: (d) => {
        ctx.emit({
          type: 'webhook.delivery',
          receiverId: d.receiverId,
          deliveryId: d.deliveryId,
          formId: d.formId,
          submissionId: d.submissionId,
        });
        const formId = d.formId;
        if (d.status !== 'accepted' || formId === null || session.signal.aborted) return;
        // Only the service holds the address's secret: what arrives there came from a webhook.
        const { ops, announce } = manager(session);
        if (ops.delivered(formId, (url) => started.formAt(url) === formId) !== null) announce();
      },
    });
    session.signal.addEventListener(
      'abort',
      () => {
        if (receiver === started) void stop();
      },
      { once: true },
    );
    return started;
  };

  return {
    'webhooks.list': async ({ formId }) => {
      const { registry, ops, announce } = manager();
      const { records, changed } = ops.uncertain(formId);
      // A create a stopped core left was just turned uncertain and logged: Activity refetches.
      if (changed) announce();
      return { webhooks: registry.list(formId).map(annotate), uncertain: annotateAll(records) };
    },
    'webhooks.create': async ({ formId, url, toReceiver, confirmDuplicate }) => {
      const { ops, announce } = manager();
      let target = url;
      if (toReceiver) {
        if (receiver === null) throw new AppError('CONFLICT', 'Start the test receiver first.');
        target = receiver.urlFor(formId);
      }
      // The contract asks for exactly one of url and toReceiver.
      if (target === undefined)
        throw new AppError('INVALID_INPUT', 'Give the url that should receive submissions.');
      // However it ends, an attempt's record or the activity log may have changed.
      const outcome = await ops.create({ formId, url: target, confirmDuplicate }).finally(announce);
      if (!outcome.created) {
        return {
          created: false,
          duplicates: outcome.duplicates.map(annotate),
          uncertain: annotateAll(outcome.uncertain),
        };
      }
      return { created: true, webhook: annotate(outcome.webhook) };
    },
    'webhooks.uncertain.adopt': async ({ attemptId, id }) => {
      const { ops, announce } = manager();
      const webhook = ops.adoptUncertain(attemptId, id);
      announce();
      return annotate(webhook);
    },
    'webhooks.uncertain.forget': async ({ attemptId }) => {
      const { ops, announce } = manager();
      const result = ops.forgetUncertain(attemptId);
      if (result.forgotten) announce();
      return result;
    },
    'webhooks.delete': async ({ id }) => {
      const { ops, announce } = manager();
      const { outcome, webhook } = await ops.delete(id);
      announce();
      return { outcome, webhook: annotate(webhook) };
    },
    'webhooks.adopt': async (input) => {
      const { ops, announce } = manager();
      const webhook = ops.adopt(input);
      announce();
      return annotate(webhook);
    },
    'webhooks.test': async ({ id }) => {
      const session = ctx.session();
      const webhook = new WebhookRegistry(session.db).get(id);
      if (webhook === null)
        throw new AppError('NOT_FOUND', `Webhook ${id} is not in the registry.`);
      const named = (forms: readonly { formId: string; name: string }[]) =>
        forms.find((f) => f.formId === webhook.formId)?.name;
      // The cache knows the form's name once the forms were listed; otherwise the service does.
      const formName =
        named(new FormStore(session.db).list()) ??
        named(await session.api.listForms({ priority: 'interactive', signal: session.signal })) ??
        webhook.formId;
      return sendTestDelivery({ api: session.api, webhook, formName, signal: session.signal });
    },
    'webhooks.forget': async ({ id }) => {
      const { ops, announce } = manager();
      const result = ops.forget(id);
      if (result.forgotten) announce();
      return result;
    },
    'webhooks.receiver.start': ({ publicUrl }) =>
      serial(async () => {
        const session = ctx.session();
        if (receiver === null || receiver.workspaceId !== session.workspace.id) {
          await stop();
          receiver = await start(session);
          lastReceiver = receiver;
        }
        if (publicUrl !== undefined) receiver.setPublicUrl(publicUrl);
        return status();
      }),
    'webhooks.receiver.stop': async () => {
      const stopped = await serial(stop);
      if (stopped === null) return { stopped: false, pointingAtIt: [] };
      // Its webhooks live in the registry of the workspace that started it.
      const session = ctx.session();
      const pointingAtIt =
        session.workspace.id === stopped.workspaceId
          ? new WebhookRegistry(session.db).list().filter((w) => stopped.owns(w.url))
          : [];
      return { stopped: true, pointingAtIt: pointingAtIt.map(annotate) };
    },
    'webhooks.receiver.status': async () => status(),
    'webhooks.deliveries': async ({ deliveryId, limit }) => {
      // Deliveries hold submissions: another workspace's are not shown here.
      const log =
        lastReceiver?.workspaceId === ctx.session().workspace.id ? lastReceiver.log : undefined;
      if (log === undefined) return { deliveries: [] };
      if (deliveryId === undefined) return { deliveries: log.latest(limit) };
      const delivery = log.find(deliveryId);
      if (delivery === undefined)
        throw new AppError('NOT_FOUND', 'That delivery is no longer kept.');
      return { deliveries: [delivery] };
    },
  };
}
