import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A place the stub knows; `match` is looked for (lower-case) inside the search text. */
export interface StubPlace {
  match: string;
  lat: number;
  lon: number;
  displayName: string;
  /** Nominatim's `address` parts at neighbourhood level (zoom ≤ 14, addressdetails=1). */
  area: Record<string, string>;
}

/** The stub's small gazetteer; e2e journeys can search these names and expect these answers. */
export const GEOCODER_STUB_PLACES: readonly StubPlace[] = [
  {
    match: 'lodhi garden',
    lat: 28.5933,
    lon: 77.2197,
    displayName: 'Lodhi Garden, New Delhi, India',
    area: {
      suburb: 'Lodhi Colony',
      city: 'New Delhi',
      state: 'Delhi',
      postcode: '110003',
      country: 'India',
      country_code: 'in',
    },
  },
  {
    match: 'hyde park',
    lat: 51.5073,
    lon: -0.1657,
    displayName: 'Hyde Park, London, United Kingdom',
    area: {
      suburb: 'Mayfair',
      city: 'London',
      state: 'England',
      postcode: 'W2 2UH',
      country: 'United Kingdom',
      country_code: 'gb',
    },
  },
  {
    match: 'cubbon park',
    lat: 12.9763,
    lon: 77.5929,
    displayName: 'Cubbon Park, Bengaluru, India',
    area: {
      suburb: 'Sampangi Rama Nagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postcode: '560001',
      country: 'India',
      country_code: 'in',
    },
  },
  {
    match: 'central park',
    lat: 40.7826,
    lon: -73.9656,
    displayName: 'Central Park, New York, United States',
    area: {
      suburb: 'Manhattan',
      city: 'New York',
      state: 'New York',
      postcode: '10024',
      country: 'United States',
      country_code: 'us',
    },
  },
];

/** How far (degrees, each axis) from a known place a reverse lookup still names it. */
const REVERSE_RADIUS = 0.01;

export interface GeocoderRequest {
  path: string;
  query: Record<string, string>;
  userAgent: string | undefined;
  accept: string | undefined;
  /** Date.now() when the request arrived. */
  at: number;
}

/** error: HTTP 500 with an HTML page; hang: never answers; garbage: 200 with broken JSON. */
export type GeocoderFailure = 'error' | 'hang' | 'garbage';

export interface GeocoderStub {
  /** Base address to use as GEOCODER_URL. */
  url: string;
  /** Every request received, in arrival order (failed ones too). */
  requests: GeocoderRequest[];
  /** Make every following request fail this way; null answers normally again. */
  failWith(mode: GeocoderFailure | null): void;
  close(): Promise<void>;
}

function searchAnswer(q: string) {
  const text = q.toLowerCase();
  const place = GEOCODER_STUB_PLACES.find((p) => text.includes(p.match));
  if (!place) return [];
  // Shaped like Nominatim's format=json answer: coordinates come as strings.
  return [
    {
      place_id: 1000 + GEOCODER_STUB_PLACES.indexOf(place),
      licence: 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright',
      osm_type: 'way',
      lat: String(place.lat),
      lon: String(place.lon),
      class: 'leisure',
      type: 'park',
      display_name: place.displayName,
      importance: 0.5,
      boundingbox: [place.lat - 0.01, place.lat + 0.01, place.lon - 0.01, place.lon + 0.01].map(
        String,
      ),
    },
  ];
}

function reverseAnswer(lat: number, lon: number, query: Record<string, string>) {
  const place = GEOCODER_STUB_PLACES.find(
    (p) => Math.abs(p.lat - lat) <= REVERSE_RADIUS && Math.abs(p.lon - lon) <= REVERSE_RADIUS,
  );
  if (!place) return { error: 'Unable to geocode' };
  // At neighbourhood zoom Nominatim names the area, not the park.
  const area = Number(query.zoom ?? 18) <= 14;
  return {
    place_id: 1000 + GEOCODER_STUB_PLACES.indexOf(place),
    lat: String(place.lat),
    lon: String(place.lon),
    display_name: area ? Object.values(place.area).slice(0, -1).join(', ') : place.displayName,
    ...(query.addressdetails === '1' ? { address: place.area } : { address: {} }),
  };
}

/** A Nominatim look-alike on loopback with a built-in gazetteer; records what it is asked. */
export async function startGeocoderStub(): Promise<GeocoderStub> {
  const requests: GeocoderRequest[] = [];
  let failure: GeocoderFailure | null = null;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub.invalid');
    const query = Object.fromEntries(url.searchParams);
    requests.push({
      path: url.pathname,
      query,
      userAgent: req.headers['user-agent'],
      accept: req.headers.accept,
      at: Date.now(),
    });
    const send = (status: number, body: string, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (failure === 'hang') return;
    if (failure === 'error')
      return send(
        500,
        '<html><body>Internal upstream failure: db01 down</body></html>',
        'text/html',
      );
    if (failure === 'garbage') return send(200, '[{"lat": "28.59", "lon":');
    if (url.pathname === '/search') return send(200, JSON.stringify(searchAnswer(query.q ?? '')));
    if (url.pathname === '/reverse') {
      const lat = Number(query.lat);
      const lon = Number(query.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lon))
        return send(400, JSON.stringify({ error: { code: 400, message: 'Invalid coordinates' } }));
      return send(200, JSON.stringify(reverseAnswer(lat, lon, query)));
    }
    send(404, JSON.stringify({ error: 'Not found' }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Port 0: the system picks a free port, so parallel suites never collide.
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith(mode) {
      failure = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests keep their sockets open; end them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
