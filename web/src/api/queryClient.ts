import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { errorStatus, toastError } from "./errors";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Failed calls go to the shared error toast unless the query or mutation says it handles them. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) toastError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (!mutation.meta?.silent) toastError(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => {
        const status = errorStatus(error);
        return count < 2 && (status === undefined || status >= 500);
      },
    },
  },
});
