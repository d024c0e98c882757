export {
  BASE_PATH,
  startLocalApi,
  type LocalAdmin,
  type LocalApi,
  type LocalApiOptions,
} from './server';
export type { DeliveryRecord, WebhookRecord } from './webhooks';
