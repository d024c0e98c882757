export type { Bridge } from './bridge';
export { BridgeError, toErrorShape } from './BridgeError';
export { BridgeProvider, createQueryClient } from './BridgeProvider';
export { invalidate } from './invalidate';
export { resolveBridge } from './resolveBridge';
export type { EventOf } from './eventHub';
export { useAppEvent } from './useAppEvent';
export {
  opKey,
  useInvoke,
  useOp,
  useOpMutation,
  type OpMutationOptions,
  type OpQueryOptions,
} from './useOp';
