import { QueryClient } from '@tanstack/react-query';
import { resetWithEachRender } from '../data/build-memo.ts';

/**
 * The one QueryClient of the site, shared by every island on a page (pass it as useQuery's second argument).
 * Retrying is the HTTP client's job (3 times, 1 s apart), so queries do not retry again on top of it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Islands render on the server too: a long-lived render service starts each render after a publish with an empty cache.
if (typeof window === 'undefined') resetWithEachRender(() => queryClient.clear());
