export { createApiClient, readListing, type ApiClientOptions } from './client';
export { type FetchLike, type Timeouts, DEFAULT_TIMEOUTS } from './http';
export { RateScheduler, schedulerFor, type RateSchedulerOptions } from './rateScheduler';
export { DEFAULT_RETRY, type RetryPolicy } from './retry';
export { type ApiObserver } from './transport';
export * from './types';
