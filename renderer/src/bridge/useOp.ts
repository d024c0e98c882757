import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OpInput, OpName, OpOutput } from '../../../electron/shared/contract';
import { BridgeError } from './BridgeError';
import { useBridgeContext } from './BridgeProvider';
import { invalidate } from './invalidate';
import { familyOf, inFamilies } from './invalidation';

/** The query key of one operation call; `[op]` alone matches every call of that operation. */
export function opKey<N extends OpName>(op: N, input?: OpInput<N>): readonly unknown[] {
  return input === undefined ? [op] : [op, input];
}

/** Calls an operation and returns its data, or throws a BridgeError with the AppErrorShape. */
export function useInvoke(): <N extends OpName>(
  op: N,
  input: OpInput<N>,
  signal?: AbortSignal,
) => Promise<OpOutput<N>> {
  const { bridge } = useBridgeContext();
  return useCallback(
    async <N extends OpName>(op: N, input: OpInput<N>, signal?: AbortSignal) => {
      const result = await bridge.invoke(op, input, signal ? { signal } : undefined);
      if (!result.ok) throw new BridgeError(result.error);
      return result.data;
    },
    [bridge],
  );
}

export type OpQueryOptions<N extends OpName, T = OpOutput<N>> = Omit<
  UseQueryOptions<OpOutput<N>, BridgeError, T>,
  'queryKey' | 'queryFn'
>;

/** A read operation as a TanStack query, keyed by `[op, input]`. */
export function useOp<N extends OpName, T = OpOutput<N>>(
  op: N,
  input: OpInput<N>,
  options?: OpQueryOptions<N, T>,
) {
  const invoke = useInvoke();
  return useQuery<OpOutput<N>, BridgeError, T>({
    queryKey: opKey(op, input),
    // A read superseded (its data invalidated again) or no longer shown lets go of its request.
    queryFn: ({ signal }) => invoke(op, input, signal),
    ...options,
  });
}

export type OpMutationOptions<N extends OpName> = Omit<
  UseMutationOptions<OpOutput<N>, BridgeError, OpInput<N>>,
  'mutationFn'
> & {
  /**
   * What to refetch after success: the operation's own family by default (`webhooks.create`
   * refetches `webhooks.*`), a list of families or operations, or `'all'` (switching workspace).
   */
  invalidates?: 'all' | readonly string[];
};

/** A write operation as a TanStack mutation. */
export function useOpMutation<N extends OpName>(op: N, options: OpMutationOptions<N> = {}) {
  const invoke = useInvoke();
  const queryClient = useQueryClient();
  const { invalidates = [familyOf(op)], onSuccess, ...rest } = options;
  return useMutation<OpOutput<N>, BridgeError, OpInput<N>>({
    mutationFn: (input) => invoke(op, input),
    ...rest,
    onSuccess: async (...args) => {
      if (invalidates === 'all') {
        await queryClient.resetQueries();
      } else {
        await invalidate(queryClient, (query) => inFamilies(query.queryKey, invalidates));
      }
      await onSuccess?.(...args);
    },
  });
}
