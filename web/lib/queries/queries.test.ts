// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey, currentUserQuery } from './current-user';
import { driveDetailQuery, drivesKey, myDrivesQuery } from './drives';
import { driveReservationsQuery, reservationsKey } from './reservations';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('shared query options', () => {
  it('keeps every drive read under the drives key, so one invalidation refreshes them all', () => {
    expect(driveDetailQuery('d-1').queryKey.slice(0, 1)).toEqual([...drivesKey]);
    expect(myDrivesQuery('upcoming').queryKey.slice(0, 1)).toEqual([...drivesKey]);
    expect(driveReservationsQuery('d-1').queryKey.slice(0, 1)).toEqual([...reservationsKey]);
    expect(currentUserQuery().queryKey).toEqual(currentUserKey);
  });

  it('does not retry a drive that is not there', async () => {
    const fetch = vi.fn(async () =>
      json({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    await expect(client.fetchQuery(driveDetailQuery('gone'))).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/drives/gone');
  });

  it('reads a drive’s reservations, up to 100, once for every feature that asks', async () => {
    const fetch = vi.fn(async () =>
      json({ success: true, data: [], page: 1, limit: 100, total: 0 }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    await client.fetchQuery(driveReservationsQuery('d 1'));
    await client.fetchQuery(driveReservationsQuery('d 1'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain(
      '/api/drives/d%201/reservations?limit=100',
    );
  });
});
