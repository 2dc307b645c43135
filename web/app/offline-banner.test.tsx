// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { openDB } from 'idb';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { forgetOfflineReads, keepOfflineReads } from '../lib/offline-reads';
import { formatDateTime } from '../lib/dates';
import { OfflineBanner } from './offline-banner';

const OFFLINE_NOTICE = 'You are offline. Canopy shows what this phone last saved.';
const UNREACHED_NOTICE = 'Canopy cannot be reached just now. It shows what this phone saved.';
const asOfText = (at: number) => `What you see here is as of ${formatDateTime(new Date(at))}.`;

// Issue 24, read offline: each screen says from when what it shows is, and a phone that says it
// is online but gets no answer shows what it saved too.

const ME = 'u-offline';
const FOREST_AT = Date.parse('2026-11-02T09:00:00Z');
const TREES_AT = Date.parse('2026-11-05T17:30:00Z');
const stops: Array<() => void> = [];

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(async () => {
  cleanup();
  stops.splice(0).forEach((stop) => stop());
  await forgetOfflineReads(ME);
  setOnline(true);
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The forest loaded on one day, the trees three days later, then the app closed. */
async function savedOnThisPhone() {
  const first = client();
  stops.push(keepOfflineReads(first, ME));
  first.setQueryData(['forest'], { trees: 3 }, { updatedAt: FOREST_AT });
  first.setQueryData(['trees', 'mine'], { trees: ['neem'] }, { updatedAt: TREES_AT });
  window.dispatchEvent(new Event('pagehide'));
  await waitFor(async () => {
    const db = await openDB('canopy-offline-reads');
    const row = (await db.get('snapshots', ME)) as { state: { queries: unknown[] } } | undefined;
    db.close();
    expect(row?.state.queries).toHaveLength(2);
  });
}

/** A screen that reads the forest (its request fails as a phone without an answer's does). */
function ForestScreen() {
  const forest = useQuery<{ trees: number }>({
    queryKey: ['forest'],
    queryFn: () => Promise.reject(new ApiError(0, 'No response received from server.', 'NETWORK')),
  });
  return <p>{forest.data ? `${forest.data.trees} trees` : 'Loading'}</p>;
}

function renderApp(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OfflineBanner />
        <ForestScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the offline banner', () => {
  it('offline, says from when the answers this screen shows are, not when anything was last saved', async () => {
    await savedOnThisPhone();
    setOnline(false);
    const reopened = client();
    stops.push(keepOfflineReads(reopened, ME));
    renderApp(reopened);
    expect(await screen.findByText('3 trees')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_NOTICE);
    expect(await screen.findByTestId('offline-as-of')).toHaveTextContent(asOfText(FOREST_AT));
  });

  it('online without an answer, shows the phone’s copy and from when, until Canopy answers again', async () => {
    await savedOnThisPhone();
    const reopened = client();
    stops.push(keepOfflineReads(reopened, ME));
    renderApp(reopened);
    expect(await screen.findByText('3 trees')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(UNREACHED_NOTICE);
    expect(screen.getByTestId('offline-as-of')).toHaveTextContent(asOfText(FOREST_AT));
    // A fresh answer: nothing shown is the phone's copy any more.
    reopened.setQueryData(['forest'], { trees: 4 });
    expect(await screen.findByText('4 trees')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('online with answers, says nothing', async () => {
    const fresh = client();
    stops.push(keepOfflineReads(fresh, ME));
    fresh.setQueryData(['forest'], { trees: 2 });
    renderApp(fresh);
    expect(await screen.findByText('2 trees')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
