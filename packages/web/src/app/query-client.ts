import { QUERY_DEFAULTS, queryRetryDelay, shouldRetryQuery, TOASTS } from '@reelbench/sdk';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorBody } from '../state/errors.js';
import type { ToastStore } from '../state/toasts.js';

/**
 * TanStack Query with SPEC.md §7's caching rules: stale after 5 min, kept 10 min, refetched on
 * window focus, offline-first; queries retry 3 times (never on a 4xx) after 1 s doubled each time
 * and capped at 30 s; mutations retry once. 'Query Error' only when a refetch fails while data
 * exists; 'Operation Failed' for any failed mutation.
 */
export function createQueryClient(toasts: ToastStore): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined) {
          toasts.show({ type: 'error', title: TOASTS.queryError.title, message: errorBody(error) });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.options.meta?.silent === true) return;
        toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
        networkMode: QUERY_DEFAULTS.networkMode,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      mutations: {
        retry: QUERY_DEFAULTS.mutationRetry,
        retryDelay: queryRetryDelay,
        networkMode: QUERY_DEFAULTS.networkMode,
      },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean };
  }
}
