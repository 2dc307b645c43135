import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '../../../../contract/auth';

/** Test-only: renders `ui` with a fresh query client and a router, as the app area does. */
export function renderWithApp(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

export const testUser: CurrentUser = {
  id: 'u-1',
  _id: 'u-1',
  username: 'fern',
  name: 'Fern Gully',
  email: 'fern@example.test',
  profileType: 'individual',
  file: '',
  verified: true,
};

/** Makes the next fetch answer with `status` and a JSON body. */
export function answerFetch(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
}
