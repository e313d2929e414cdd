import { QueryClient } from '@tanstack/react-query';

/** The one QueryClient; remotes reach it through the shared @tanstack/react-query singleton's context. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: 0 },
  },
});
