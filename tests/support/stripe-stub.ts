import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A request the stub received, with its form body decoded into nested objects as Stripe reads it. */
export interface StubRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
}

export interface StripeStub {
  /** `http://127.0.0.1:<port>`: the value for STRIPE_API_BASE. */
  url: string;
  requests: StubRequest[];
  /** The next `n` session creations answer this status (e.g. 500) instead of a session. */
  failNext(status: number, n?: number): void;
  /** Closes a session as Stripe does after its time (`GET` then answers `status: 'expired'`). */
  expire(sessionId: string): void;
  close(): Promise<void>;
}

export const STUB_WEBHOOK_SECRET = 'whsec_test_canopy_stub';
export const STUB_SECRET_KEY = 'sk_test_canopy_stub';

/** `a[b][0][c]=1` → `{ a: { b: [ { c: '1' } ] } }` (arrays as objects keyed by index). */
export function decodeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

/**
 * A real HTTP server on loopback standing in for api.stripe.com: just `POST /v1/checkout/sessions`
 * (form-encoded, as the SDK sends it), answering a session and replaying it for a repeated
 * Idempotency-Key, and recording every request.
 */
export async function startStripeStub(): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const byIdempotencyKey = new Map<string, object>();
  const sessions = new Map<string, { status: string }>();
  let failures: { status: number; left: number } | null = null;
  let sequence = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const body = decodeForm(raw);
      requests.push({ method: req.method ?? '', path, headers: req.headers, raw, body });
      const send = (status: number, payload: object) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${++sequence}`,
        });
        res.end(JSON.stringify(payload));
      };
      // GET /v1/checkout/sessions/{id}: a session made here, open until expire() closes it.
      const asked = req.method === 'GET' && /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (asked) {
        const session = sessions.get(decodeURIComponent(asked[1]!));
        return session
          ? send(200, session)
          : send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
      }
      if (req.method !== 'POST' || path !== '/v1/checkout/sessions')
        return send(404, {
          error: { type: 'invalid_request_error', message: `No stub for ${path}` },
        });
      if (failures && failures.left > 0) {
        failures.left -= 1;
        return send(failures.status, { error: { type: 'api_error', message: 'stub failure' } });
      }
      const key = req.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (earlier) return send(200, earlier);
      const session = checkoutSession(body, `cs_test_stub_${++sequence}`);
      sessions.set(session.id, session);
      if (typeof key === 'string') byIdempotencyKey.set(key, session);
      send(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, n = 10) {
      failures = { status, left: n };
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (session) session.status = 'expired';
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function checkoutSession(body: Record<string, unknown>, id: string) {
  const items = body.line_items as Record<string, { price_data: Record<string, unknown> }>;
  const price = items?.['0']?.price_data ?? {};
  return {
    id,
    object: 'checkout.session',
    mode: body.mode,
    url: `https://checkout.stripe.test/c/pay/${id}`,
    amount_total: Number(price.unit_amount),
    currency: price.currency,
    client_reference_id: body.client_reference_id ?? null,
    metadata: body.metadata ?? {},
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: body.success_url,
    cancel_url: body.cancel_url,
  };
}

const stripe = new Stripe(STUB_SECRET_KEY);
let eventSequence = 0;

/** A Stripe event as the webhook receives it, plus its `Stripe-Signature` header. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string; timestamp?: number } = {},
): { id: string; payload: string; signature: string } {
  const id = options.id ?? `evt_stub_${Date.now()}_${++eventSequence}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STUB_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { id, payload, signature };
}

/** The checkout session object of an event about a donation's session. */
export function sessionObject(
  sessionId: string,
  donationId: string,
  amount: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    id: sessionId,
    object: 'checkout.session',
    amount_total: amount,
    currency: 'usd',
    client_reference_id: donationId,
    metadata: { donationId },
    payment_intent: `pi_${sessionId}`,
    payment_status: 'paid',
    status: 'complete',
    ...overrides,
  };
}
