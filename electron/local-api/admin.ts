import {
  type EditRequest,
  type FaultRule,
  type RequestLogEntry,
  type RespondRequest,
} from '../shared/api/localApi';
import { type Submission } from '../shared/api/submission';
import { type FaultInjector } from './faults';
import { type LocalService } from './localService';
import { type RequestLog } from './requestLog';
import { type DeliveryRecord, type WebhookRecord } from './webhooks';

/**
 * What happens "elsewhere" in the service (respondents, edits in its editor, deletes by another
 * admin), scripted faults and the request log. Served under `/__local/` and given in-process.
 */
export interface LocalAdmin {
  /** A respondent submits: stored, then delivered to the form's webhooks. */
  respond(
    formId: string,
    request?: RespondRequest,
  ): Promise<{ submission: Submission; deliveries: DeliveryRecord[] }>;
  /** An edit in the service's editor: a new lastUpdatedAt and one changed answer. */
  edit(formId: string, submissionId: string, request?: EditRequest): Submission;
  /** The respondent completes an unfinished submission; delivered to webhooks like a new one. */
  finish(
    formId: string,
    submissionId: string,
  ): Promise<{ submission: Submission; deliveries: DeliveryRecord[] }>;
  /** Deleted elsewhere: gone from the service without the client's knowledge. */
  remove(formId: string, submissionId: string): void;
  setFaults(faults: readonly FaultRule[]): void;
  clearFaults(): void;
  faults(): FaultRule[];
  requests(): RequestLogEntry[];
  clearRequests(): void;
  /** Every live submission of a form, any status, oldest first; previews unless left out. */
  submissionsOf(formId: string, options?: { includePreview?: boolean }): Submission[];
  webhooks(): WebhookRecord[];
  deliveries(): DeliveryRecord[];
}

export function createAdmin(
  service: LocalService,
  faults: FaultInjector,
  log: RequestLog,
): LocalAdmin {
  return {
    async respond(formId, request) {
      const submission = service.respond(formId, request);
      const deliveries =
        request?.status === 'in_progress'
          ? []
          : await service.webhooks.deliver(formId, service.formName(formId), submission);
      return { submission, deliveries };
    },
    async finish(formId, submissionId) {
      const submission = service.finish(formId, submissionId);
      const deliveries = await service.webhooks.deliver(
        formId,
        service.formName(formId),
        submission,
      );
      return { submission, deliveries };
    },
    edit: (formId, submissionId, request) => service.edit(formId, submissionId, request),
    remove: (formId, submissionId) => service.remove(formId, submissionId),
    setFaults: (rules) => faults.set(rules),
    clearFaults: () => faults.clear(),
    faults: () => faults.active(),
    requests: () => log.list(),
    clearRequests: () => log.clear(),
    submissionsOf: (formId, options) => service.submissionsOf(formId, options),
    webhooks: () => service.webhooks.list(),
    deliveries: () => service.webhooks.deliveries(),
  };
}
