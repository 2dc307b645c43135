/* Test-only helpers for component tests: render as the app area does, and answer fetch. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ModalProvider } from '../components/ui/modal';
import { RightDrawerProvider } from '../components/ui/right-drawer';
import { I18nProvider } from '../i18n/locale';

/** A query client that never retries, so a failure shows at once. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders `ui` as the app area does: a fresh query client, a router at `path`, the global modal
 * and right drawer, and a probe (test id `location`) showing the path and query string.
 */
export function renderWithApp(ui: ReactNode, path = '/') {
  const queryClient = testQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <ModalProvider>
            <RightDrawerProvider>
              {ui}
              <LocationProbe />
            </RightDrawerProvider>
          </ModalProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/**
 * Holds the current path and query string, so tests can read what the address bar would say
 * (hidden, so it never adds to what role queries find).
 */
function LocationProbe() {
  const location = useLocation();
  return (
    <span data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </span>
  );
}

/** A JSON response as the API sends it. */
/**
 * `ui` as the app renders it with Spanish and Hindi turned on and `locale` chosen on this device;
 * awaited, as the screen suspends once while the language's messages arrive.
 */
export async function renderInLanguage(locale: string, ui: ReactNode) {
  localStorage.setItem('canopy-locale', locale);
  await act(async () => {
    renderWithApp(
      <I18nProvider offered={['en', 'es', 'hi']}>
        <Suspense fallback={<p>…</p>}>{ui}</Suspense>
      </I18nProvider>,
    );
  });
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Makes every fetch answer with `status` and a JSON body. */
export function answerFetch(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => Promise.resolve(jsonResponse(body, status)));
}

export type FetchRoute = (
  url: URL,
  init: RequestInit | undefined,
) => { status: number; body: unknown } | undefined;

/** Answers fetch by address: the first route that returns an answer wins; others get a 404. */
export function routeFetch(...routes: FetchRoute[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    for (const route of routes) {
      const answer = route(url, init);
      if (answer) return Promise.resolve(jsonResponse(answer.body, answer.status));
    }
    return Promise.resolve(
      new Response(JSON.stringify({ success: false, message: 'Not found', code: 'NOT_FOUND' }), {
        status: 404,
      }),
    );
  });
}

/** jsdom has no object URLs; a preview only needs some address (`blob:preview`) made and given back. */
export function stubObjectUrls() {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
}
