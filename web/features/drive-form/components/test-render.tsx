import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/** Test-only: renders `ui` with a fresh query client, as the app area does. */
export function renderWithQuery(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    queryClient,
    ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>),
  };
}

type Route = (
  url: URL,
  init: RequestInit | undefined,
) => { status: number; body: unknown } | undefined;

/** Answers fetch by address: the first route that returns an answer wins; others get a 404. */
export function routeFetch(...routes: Route[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    for (const route of routes) {
      const answer = route(url, init);
      if (answer)
        return Promise.resolve(
          new Response(JSON.stringify(answer.body), {
            status: answer.status,
            headers: { 'content-type': 'application/json' },
          }),
        );
    }
    return Promise.resolve(
      new Response(JSON.stringify({ success: false, message: 'Not found', code: 'NOT_FOUND' }), {
        status: 404,
      }),
    );
  });
}

export const corporateRoute: Route = (url) =>
  url.pathname === '/api/users/coporateuser'
    ? {
        status: 200,
        body: {
          success: true,
          data: [
            { value: 'c-1', label: 'Acme Ltd' },
            { value: 'c-2', label: 'Leaf Inc' },
          ],
        },
      }
    : undefined;
