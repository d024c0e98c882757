export {
  BASE_PATH,
  DEMO_API_KEY,
  startLocalApi,
  type LocalAdmin,
  type LocalApi,
  type LocalApiOptions,
} from './server';
export type { DeliveryRecord, WebhookRecord } from './webhooks';
