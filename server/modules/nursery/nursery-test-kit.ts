/** Test helpers shared by the nursery suites (imported only by *.test.ts files). */
import type { DatabaseTarget } from '../../../tests/support/test-database';
import type { NewUser } from '../../db/tables';
import { treesTestKit, type Headers } from '../trees/tree-test-kit';
import { noticesOf } from '../../../tests/support/notices';

export type { Headers };
/** The suites run at the trees kit's NOW (2026-06-01); their drives are three weeks later. */
export const UPCOMING = '2026-06-20T08:00:00.000Z';

/** Bengaluru, Mysuru (~130 km away) and Delhi (~1,700 km away). */
export const PLACES = {
  bengaluru: { lat: 12.9716, lng: 77.5946 },
  mysuru: { lat: 12.2958, lng: 76.6394 },
  delhi: { lat: 28.6139, lng: 77.209 },
} as const;

export function stockBody(overrides: Record<string, unknown> = {}) {
  return {
    speciesId: 1,
    size: 'packet',
    quantityAvailable: 7,
    priceMinor: 250,
    pickupLat: PLACES.bengaluru.lat,
    pickupLng: PLACES.bengaluru.lng,
    pickupLocation: 'Lalbagh nursery gate, Bengaluru',
    notes: 'Open 8–12 on weekdays',
    ...overrides,
  };
}

/** The trees kit (app per test, clock, multipart) plus nursery shortcuts. */
export function nurseryTestKit(target: DatabaseTarget) {
  const kit = treesTestKit(target);
  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers = {},
    payload?: object,
  ) => kit.app().inject({ method, url, headers, ...(payload ? { payload } : {}) });

  return {
    ...kit,
    send,
    nursery: (overrides: Partial<NewUser> = {}) =>
      kit.signIn({ profile_type: 'nursery', name: 'Green Roots Nursery', ...overrides }),
    organiser: (overrides: Partial<NewUser> = {}) =>
      kit.signIn({ profile_type: 'corporate', name: 'Acme Trees Ltd', ...overrides }),
    async addStock(headers: Headers, overrides: Record<string, unknown> = {}) {
      const res = await send('POST', '/api/nursery/stock', headers, stockBody(overrides));
      if (res.statusCode !== 201) throw new Error(`stock failed: ${res.statusCode} ${res.body}`);
      return res.json().data as { id: string; quantityAvailable: number };
    },
    reserve: (headers: Headers, driveId: string, stockId: string, quantity: number) =>
      send('POST', `/api/drives/${driveId}/reservations`, headers, { stockId, quantity }),
    act: (headers: Headers, id: string, action: string) =>
      send('POST', `/api/nursery/reservations/${id}/${action}`, headers),
    async available(stockId: string) {
      const row = await kit
        .db()
        .selectFrom('nursery_stock')
        .select('quantity_available')
        .where('id', '=', stockId)
        .executeTakeFirstOrThrow();
      return row.quantity_available;
    },
    noticesOf: (userId: string) => noticesOf(kit.db(), userId, 'sapling_reservation'),
  };
}
