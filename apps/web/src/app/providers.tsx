import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { ApiError } from '../api/client';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

/**
 * A refusal (4xx) is an answer: never asked again. A network failure or a 5xx is tried once more,
 * soon, so that a page shows its error and retry button within a second or two, not after the
 * library's default three attempts with backoff (7 s of skeletons).
 */
const retryOnce = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

// Toasts are never part of a page's first paint: their code (and its transitions library) loads
// just after it. Messages shown meanwhile wait in the store and appear when it has loaded.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

// A factory, a client and an environment a caller may pass, so that a component test gets the
// app's providers with a cache of its own (one shared client would carry answers from one test to
// the next) and Mantine's 'test' mode (no transitions; dropdowns not hidden by a layout jsdom lacks).
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: true, retry: retryOnce, retryDelay: 800 },
    },
  });

const queryClient = createQueryClient();

export function Providers({
  children,
  client = queryClient,
  env,
}: {
  children: ReactNode;
  client?: QueryClient;
  env?: 'test';
}) {
  return (
    <QueryClientProvider client={client}>
      <MantineProvider
        env={env}
        theme={theme}
        defaultColorScheme="dark"
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
      >
        <Suspense>
          <Notifications position="top-center" classNames={{ root: 'guichet-toasts' }} />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
