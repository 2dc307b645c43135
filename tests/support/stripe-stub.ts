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
  /** The query string decoded the same way (a GET's parameters). */
  query: Record<string, unknown>;
}

/** A customer as the stub keeps it (made by `POST /v1/customers` or by a subscription checkout). */
export interface StubCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
}

/** A subscription as the stub keeps it, in the shape of the SDK's API version (periods on items). */
export interface StubSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  billing_cycle_anchor: number;
  items: { object: 'list'; data: StubSubscriptionItem[]; has_more: false };
}

export interface StubSubscriptionItem {
  id: string;
  object: 'subscription_item';
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  price: {
    id: string;
    object: 'price';
    currency: string;
    unit_amount: number;
    product: string;
    recurring: { interval: 'month' | 'year'; interval_count: 1 };
  };
}

/** What completing a subscription checkout made: the objects of the events Stripe then sends. */
export interface CompletedSubscriptionCheckout {
  /** The session as `checkout.session.completed` carries it (paid, with customer, subscription, invoice). */
  session: Record<string, unknown>;
  subscription: StubSubscription;
  /** The first invoice, paid (`billing_reason: 'subscription_create'`), for `invoice.paid`. */
  invoice: Record<string, unknown>;
}

/**
 * The stub and its helpers. The subscriptions and invoices the helpers answer are the stub's own
 * objects, changed by later calls: sign an event from one before the next change.
 */
export interface StripeStub {
  /** `http://127.0.0.1:<port>`: the value for STRIPE_API_BASE. */
  url: string;
  requests: StubRequest[];
  /**
   * The next `n` POST/DELETE requests under `path` (by default session creations,
   * `/v1/checkout/sessions`) answer this status (e.g. 500) instead.
   */
  failNext(status: number, n?: number, path?: string): void;
  /** Closes a session as Stripe does after its time (`GET` then answers `status: 'expired'`). */
  expire(sessionId: string): void;
  /** A session made here (as `GET /v1/checkout/sessions/{id}` answers it), or undefined. */
  session(sessionId: string): Record<string, unknown> | undefined;
  customer(customerId: string): StubCustomer | undefined;
  subscription(subscriptionRef: string): StubSubscription | undefined;
  /**
   * Pays a subscription-mode session as Stripe does when the donor completes it: makes the
   * customer (unless the session named one), the product, the `sub_…` with the session's
   * `subscription_data.metadata`, its first invoice, and marks the session complete and paid.
   * `now` starts the first period (default: the wall clock). Throws for an unknown or
   * non-subscription session; a second call answers the same objects.
   */
  completeSubscriptionCheckout(
    sessionId: string,
    options?: { now?: Date; paymentIntent?: string },
  ): CompletedSubscriptionCheckout;
  /**
   * The next period's invoice, as Stripe makes it at the period's end (`subscription_cycle`): the
   * item's period moves on by one interval, and the invoice is paid by default, or failed with
   * `{ paid: false, nextPaymentAttempt }` (the subscription is then `past_due`; a null
   * `nextPaymentAttempt` is the final attempt, and it is `canceled`). Answers the invoice object
   * for the event (`invoice.paid` / `invoice.payment_failed`). While collection is paused (until
   * `resumes_at`, which clears the pause once reached) the invoice is `void` instead: nothing
   * charged, no event to send. Throws for a canceled subscription or one set to cancel at the
   * period end (`endPeriod` ends that one).
   */
  renew(
    subscriptionRef: string,
    options?: { paid?: boolean; nextPaymentAttempt?: Date | null; paymentIntent?: string },
  ): Record<string, unknown>;
  /**
   * The period of a subscription set to `cancel_at_period_end` runs out: it is `canceled`
   * (ended at the period's end). Answers the subscription for `customer.subscription.deleted`.
   * Throws unless it was set to cancel at the period end.
   */
  endPeriod(subscriptionRef: string): StubSubscription;
  /** A failed invoice paid on a retry: the same invoice (same id), now paid; the subscription active. */
  payInvoice(invoiceId: string): Record<string, unknown>;
  /**
   * Another failed attempt at an invoice (attempt_count + 1): `nextPaymentAttempt` null is Stripe's
   * final one (the subscription is then `canceled`), else it stays `past_due`.
   */
  failInvoice(
    invoiceId: string,
    options: { nextPaymentAttempt: Date | null },
  ): Record<string, unknown>;
  /**
   * Keeps an invoice made by `invoiceObject(...)` (the same object: later changes show), so
   * `GET /v1/invoice_payments` finds its payment. Invoices the stub makes are kept already.
   */
  rememberInvoice(invoice: Record<string, unknown>): void;
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

/** Unix seconds. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * One interval on from `from` (Unix seconds), in calendar months kept on the billing anchor's day
 * as Stripe bills (anchored on the 31st: Feb 28, then Mar 31).
 */
function addInterval(from: number, interval: 'month' | 'year', anchor = from): number {
  const a = new Date(anchor * 1000);
  const f = new Date(from * 1000);
  const months =
    (f.getUTCFullYear() - a.getUTCFullYear()) * 12 +
    f.getUTCMonth() -
    a.getUTCMonth() +
    (interval === 'year' ? 12 : 1);
  const year = a.getUTCFullYear() + Math.floor((a.getUTCMonth() + months) / 12);
  const month = (a.getUTCMonth() + months) % 12;
  const day = Math.min(a.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return Date.UTC(year, month, day, a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds()) / 1000;
}

type Fields = Record<string, unknown>;
type Answer = [status: number, payload: object];

const stripeError = (status: number, message: string, code = 'parameter_invalid'): Answer => [
  status,
  { error: { type: 'invalid_request_error', code, message } },
];

/**
 * A real HTTP server on loopback standing in for api.stripe.com (form-encoded, as the SDK sends
 * it), recording every request:
 * - `POST /v1/checkout/sessions` (payment or subscription mode) and `GET /v1/checkout/sessions/{id}`
 * - `POST /v1/customers`
 * - `GET`, `POST` and `DELETE /v1/subscriptions/{id}` (`DELETE` cancels now; a canceled one is 404)
 * - `POST /v1/products/{id}` (a rename)
 * - `GET /v1/invoice_payments` (by `invoice`, `status`, `payment[payment_intent]`)
 * - `POST /v1/billing_portal/sessions`
 *
 * A repeated Idempotency-Key on a POST replays the first answer, as Stripe does. It refuses, with
 * Stripe's 400, what Stripe refuses and a mistake would send: an unknown customer, `customer` with
 * `customer_email`, `payment_intent_data` in subscription mode, a line item whose `recurring` does
 * not match the mode, an item id the subscription does not have, an inline subscription price
 * without its `product`.
 */
export async function startStripeStub(): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const byIdempotencyKey = new Map<string, Answer>();
  const sessions = new Map<string, Fields>();
  const customers = new Map<string, StubCustomer>();
  const subscriptions = new Map<string, StubSubscription>();
  const products = new Map<string, { id: string; object: 'product'; name: string }>();
  const completed = new Map<string, CompletedSubscriptionCheckout>();
  const invoices = new Map<string, Record<string, unknown>>();
  let failures: { status: number; left: number; path: string } | null = null;
  let sequence = 0;
  const next = (prefix: string) => `${prefix}_stub_${++sequence}`;

  function newCustomer(fields: { email?: unknown; name?: unknown; metadata?: unknown }) {
    const customer: StubCustomer = {
      id: next('cus'),
      object: 'customer',
      email: typeof fields.email === 'string' ? fields.email : null,
      name: typeof fields.name === 'string' ? fields.name : null,
      metadata: (fields.metadata as Record<string, string> | undefined) ?? {},
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createSession(body: Fields): Answer {
    const mode = body.mode;
    if (mode !== 'payment' && mode !== 'subscription')
      return stripeError(400, `Invalid mode: ${String(mode)}`);
    if (body.customer !== undefined && body.customer_email !== undefined)
      return stripeError(
        400,
        'You may only specify one of these parameters: customer, customer_email.',
      );
    if (typeof body.customer === 'string' && !customers.has(body.customer))
      return stripeError(400, `No such customer: '${body.customer}'`, 'resource_missing');
    if (mode === 'subscription' && body.payment_intent_data !== undefined)
      return stripeError(400, 'You can not pass `payment_intent_data` in `subscription` mode.');
    const items = body.line_items as Record<string, { price_data?: Fields }> | undefined;
    const price = items?.['0']?.price_data ?? {};
    if ((mode === 'subscription') !== (price.recurring !== undefined))
      return stripeError(
        400,
        mode === 'subscription'
          ? 'You must specify at least one recurring price in `subscription` mode.'
          : 'You specified `payment` mode but passed a recurring price.',
      );
    const session = checkoutSession(body, next('cs_test'));
    sessions.set(session.id, session);
    return [200, session];
  }

  function updateSubscription(subscription: StubSubscription, body: Fields): Answer {
    if (body.cancel_at_period_end !== undefined)
      subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
    if (body.pause_collection === '') subscription.pause_collection = null;
    else if (body.pause_collection !== undefined) {
      const pause = body.pause_collection as Fields;
      subscription.pause_collection = {
        behavior: String(pause.behavior),
        resumes_at: pause.resumes_at === undefined ? null : Number(pause.resumes_at),
      };
    }
    const items = body.items as Record<string, Fields> | undefined;
    for (const change of Object.values(items ?? {})) {
      const item = subscription.items.data.find((i) => i.id === change.id);
      if (!item) return stripeError(400, `No such subscription item: '${String(change.id)}'`);
      const data = change.price_data as Fields | undefined;
      if (data) {
        const recurring = data.recurring as Fields | undefined;
        if (typeof data.product !== 'string' || !products.has(data.product))
          return stripeError(400, 'Missing required param: items[0][price_data][product].');
        item.price = {
          id: next('price'),
          object: 'price',
          currency: String(data.currency),
          unit_amount: Number(data.unit_amount),
          product: data.product,
          recurring: {
            interval: recurring?.interval === 'year' ? 'year' : 'month',
            interval_count: 1,
          },
        };
      }
      if (change.quantity !== undefined) item.quantity = Number(change.quantity);
    }
    return [200, subscription];
  }

  function route(method: string, path: string, body: Fields): Answer {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
      // A session made here, open until expire() closes it.
      const session = sessions.get(decodeURIComponent(match[1]!));
      return session ? [200, session] : stripeError(404, 'No such session', 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/customers') return [200, newCustomer(body)];
    if (method === 'GET' && path === '/v1/invoice_payments') {
      // Filters: invoice, status, payment[payment_intent]; newest first as Stripe lists.
      const intent = (body.payment as Fields | undefined)?.payment_intent;
      const data = [...invoices.values()]
        .reverse()
        .flatMap((invoice) => (invoice.payments as { data: Fields[] }).data)
        .filter(
          (p) =>
            (body.invoice === undefined || p.invoice === body.invoice) &&
            (body.status === undefined || p.status === body.status) &&
            (intent === undefined || (p.payment as Fields).payment_intent === intent),
        )
        .slice(0, body.limit === undefined ? 10 : Number(body.limit));
      return [200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data }];
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(decodeURIComponent(match[1]!));
      if (!subscription)
        return stripeError(404, `No such subscription: '${match[1]}'`, 'resource_missing');
      if (method === 'GET') return [200, subscription];
      if (method === 'POST') return updateSubscription(subscription, body);
      if (method === 'DELETE') {
        // Stripe answers a canceled subscription as one it does not know (it can only be read).
        if (subscription.status === 'canceled')
          return stripeError(404, `No such subscription: '${match[1]}'`, 'resource_missing');
        subscription.status = 'canceled';
        subscription.canceled_at = subscription.ended_at = seconds(new Date());
        return [200, subscription];
      }
    }
    if ((match = /^\/v1\/products\/([^/]+)$/.exec(path)) && method === 'POST') {
      const product = products.get(decodeURIComponent(match[1]!));
      if (!product) return stripeError(404, `No such product: '${match[1]}'`, 'resource_missing');
      if (typeof body.name === 'string') product.name = body.name;
      return [200, product];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof body.customer !== 'string' || !customers.has(body.customer))
        return stripeError(400, `No such customer: '${String(body.customer)}'`, 'resource_missing');
      const id = next('bps');
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${id}`,
        },
      ];
    }
    return stripeError(404, `No stub for ${method} ${path}`, 'resource_missing');
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const method = req.method ?? '';
      const [path = '', search = ''] = (req.url ?? '').split('?');
      const body = decodeForm(raw);
      const query = decodeForm(search);
      requests.push({ method, path, headers: req.headers, raw, body, query });
      const send = ([status, payload]: Answer) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${++sequence}`,
        });
        res.end(JSON.stringify(payload));
      };
      if (method !== 'GET' && failures && failures.left > 0 && path.startsWith(failures.path)) {
        failures.left -= 1;
        return send([failures.status, { error: { type: 'api_error', message: 'stub failure' } }]);
      }
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (earlier) return send(earlier);
      const answer = route(method, path, method === 'GET' ? query : body);
      // Stripe keeps the answer of a key's first request; a failure is not kept (it may be retried).
      if (typeof key === 'string' && answer[0] === 200) byIdempotencyKey.set(key, answer);
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function invoiceFor(
    subscription: StubSubscription,
    billingReason: string,
    options: { paid?: boolean; nextPaymentAttempt?: Date | null; paymentIntent?: string },
  ) {
    const item = subscription.items.data[0]!;
    const id = next('in');
    subscription.latest_invoice = id;
    const invoice = invoiceObject({
      id,
      subscriptionRef: subscription.id,
      subscriptionId: subscription.metadata.subscriptionId ?? null,
      donationId: subscription.metadata.donationId ?? null,
      customer: subscription.customer,
      amount: item.price.unit_amount,
      currency: item.price.currency,
      paymentIntent: options.paymentIntent ?? `pi_${id}`,
      billingReason,
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
      paid: options.paid ?? true,
      nextPaymentAttempt: options.nextPaymentAttempt ?? null,
    });
    invoices.set(id, invoice);
    return invoice;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, n = 10, path = '/v1/checkout/sessions') {
      failures = { status, left: n, path };
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (session) session.status = 'expired';
    },
    session: (sessionId) => sessions.get(sessionId),
    customer: (customerId) => customers.get(customerId),
    subscription: (subscriptionRef) => subscriptions.get(subscriptionRef),
    completeSubscriptionCheckout(sessionId, options = {}) {
      const done = completed.get(sessionId);
      if (done) return done;
      const session = sessions.get(sessionId);
      if (!session || session.mode !== 'subscription')
        throw new Error(`no subscription-mode session ${sessionId} in the Stripe stub`);
      const created = (session as { _created: Fields })._created;
      const price = (created.line_items as Record<string, { price_data: Fields }>)['0']!.price_data;
      const recurring = price.recurring as Fields;
      const interval = recurring.interval === 'year' ? 'year' : 'month';
      const customer =
        typeof created.customer === 'string'
          ? created.customer
          : newCustomer({ email: created.customer_email }).id;
      const product = {
        id: next('prod'),
        object: 'product' as const,
        name: String((price.product_data as Fields | undefined)?.name ?? ''),
      };
      products.set(product.id, product);
      const start = seconds(options.now ?? new Date());
      const subscription: StubSubscription = {
        id: next('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        pause_collection: null,
        metadata: ((created.subscription_data as Fields | undefined)?.metadata ?? {}) as Record<
          string,
          string
        >,
        latest_invoice: null,
        billing_cycle_anchor: start,
        items: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: next('si'),
              object: 'subscription_item',
              quantity: 1,
              current_period_start: start,
              current_period_end: addInterval(start, interval),
              price: {
                id: next('price'),
                object: 'price',
                currency: String(price.currency),
                unit_amount: Number(price.unit_amount),
                product: product.id,
                recurring: { interval, interval_count: 1 },
              },
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      const invoice = invoiceFor(subscription, 'subscription_create', options);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer,
        subscription: subscription.id,
        invoice: invoice.id,
      });
      const result = { session: publicSession(session), subscription, invoice };
      completed.set(sessionId, result);
      return result;
    },
    renew(subscriptionRef, options = {}) {
      const subscription = subscriptions.get(subscriptionRef);
      if (!subscription) throw new Error(`no subscription ${subscriptionRef} in the Stripe stub`);
      if (subscription.status === 'canceled' || subscription.cancel_at_period_end)
        throw new Error(
          `Stripe does not renew ${subscriptionRef} (${subscription.status}, cancel_at_period_end ${String(subscription.cancel_at_period_end)}): endPeriod() ends it`,
        );
      const item = subscription.items.data[0]!;
      // Stripe moves the period on when it invoices it, whether or not the payment then goes through.
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(
        item.current_period_end,
        item.price.recurring.interval,
        subscription.billing_cycle_anchor,
      );
      const pause = subscription.pause_collection;
      if (pause && pause.resumes_at !== null && pause.resumes_at <= item.current_period_start)
        subscription.pause_collection = null; // The pause is over: Stripe clears it.
      if (subscription.pause_collection) {
        // Paused with `void`: the period's invoice is made and voided at once (nothing charged,
        // no invoice.paid).
        const invoice = invoiceFor(subscription, 'subscription_cycle', { paid: false });
        Object.assign(invoice, { status: 'void', amount_remaining: 0, attempted: false });
        (invoice.payments as { data: unknown[] }).data = [];
        return invoice;
      }
      const paid = options.paid ?? true;
      subscription.status = paid ? 'active' : 'past_due';
      const invoice = invoiceFor(subscription, 'subscription_cycle', { ...options, paid });
      if (!paid && options.nextPaymentAttempt === null) subscription.status = 'canceled';
      return invoice;
    },
    endPeriod(subscriptionRef) {
      const subscription = subscriptions.get(subscriptionRef);
      if (!subscription) throw new Error(`no subscription ${subscriptionRef} in the Stripe stub`);
      if (!subscription.cancel_at_period_end)
        throw new Error(`${subscriptionRef} is not set to cancel at the period end`);
      const end = subscription.items.data[0]!.current_period_end;
      Object.assign(subscription, { status: 'canceled', canceled_at: end, ended_at: end });
      return subscription;
    },
    rememberInvoice(invoice) {
      invoices.set(String(invoice.id), invoice);
    },
    payInvoice(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId} in the Stripe stub`);
      settle(invoice, { paid: true, nextPaymentAttempt: null });
      const subscription = subscriptions.get(String(invoiceSubscriptionRef(invoice)));
      if (subscription) subscription.status = 'active';
      return invoice;
    },
    failInvoice(invoiceId, options) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId} in the Stripe stub`);
      settle(invoice, { paid: false, nextPaymentAttempt: options.nextPaymentAttempt });
      invoice.attempt_count = Number(invoice.attempt_count) + 1;
      const subscription = subscriptions.get(String(invoiceSubscriptionRef(invoice)));
      if (subscription) subscription.status = options.nextPaymentAttempt ? 'past_due' : 'canceled';
      return invoice;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The session as the API answers it (without the stub's record of what created it). */
const publicSession = (session: Fields): Fields => ({ ...session });

function checkoutSession(body: Fields, id: string) {
  const items = body.line_items as Record<string, { price_data: Fields }>;
  const price = items?.['0']?.price_data ?? {};
  const session = {
    id,
    object: 'checkout.session',
    mode: body.mode,
    url: `https://checkout.stripe.test/c/pay/${id}`,
    amount_total: Number(price.unit_amount),
    currency: price.currency,
    client_reference_id: body.client_reference_id ?? null,
    customer: (body.customer as string | undefined) ?? null,
    customer_email: (body.customer_email as string | undefined) ?? null,
    metadata: body.metadata ?? {},
    payment_intent: null,
    // Subscription mode: Stripe fills these in when the checkout completes.
    subscription: null,
    invoice: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: body.success_url,
    cancel_url: body.cancel_url,
  };
  // Kept out of JSON answers: what the session was created with.
  Object.defineProperty(session, '_created', { value: body, enumerable: false });
  return session;
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

const unix = (at: Date | number) => (typeof at === 'number' ? at : seconds(at));
let objectSequence = 0;

export interface InvoiceOptions {
  /** `in_…`; a fresh one by default. */
  id?: string;
  /** The provider's subscription, `sub_…`. */
  subscriptionRef: string;
  /** Our recurring gift's id, in the subscription's metadata (null: metadata without it). */
  subscriptionId: string | null;
  /** The first period's donation, also in the subscription's metadata (left out when absent). */
  donationId?: string | null;
  customer?: string;
  /** Minor units: `amount_due`, and `amount_paid` when paid. */
  amount: number;
  /** Lower case as Stripe sends it; default 'usd'. */
  currency?: string;
  /** The invoice's PaymentIntent (null: no payment yet). */
  paymentIntent: string | null;
  /** Default `subscription_cycle`. */
  billingReason?: string;
  /** The line's service period (default: one month before periodEnd). */
  periodStart?: Date | number;
  periodEnd: Date | number;
  /** Default true; false: an open invoice whose payment failed (amount_paid 0). */
  paid?: boolean;
  /** When Stripe tries again (failed invoices); null after the final attempt. */
  nextPaymentAttempt?: Date | number | null;
}

/**
 * An invoice as the SDK's API version (2025-03-31.basil and later) sends it: the subscription
 * under `parent.subscription_details` (with the subscription's metadata), the PaymentIntent under
 * `payments.data[].payment.payment_intent`, the period on the line; no top-level `subscription`,
 * `subscription_details` or `payment_intent`.
 */
export function invoiceObject(options: InvoiceOptions): Record<string, unknown> {
  const id = options.id ?? `in_obj_${++objectSequence}`;
  const currency = options.currency ?? 'usd';
  const paid = options.paid ?? true;
  const end = unix(options.periodEnd);
  const start =
    options.periodStart !== undefined
      ? unix(options.periodStart)
      : seconds(new Date(new Date(end * 1000).setUTCMonth(new Date(end * 1000).getUTCMonth() - 1)));
  const metadata: Record<string, string> = {};
  if (options.subscriptionId) metadata.subscriptionId = options.subscriptionId;
  if (options.donationId) metadata.donationId = options.donationId;
  const invoice: Record<string, unknown> = {
    id,
    object: 'invoice',
    customer: options.customer ?? 'cus_stub_customer',
    currency,
    billing_reason: options.billingReason ?? 'subscription_cycle',
    collection_method: 'charge_automatically',
    amount_due: options.amount,
    amount_paid: 0,
    amount_remaining: options.amount,
    attempt_count: 1,
    attempted: true,
    status: 'open',
    next_payment_attempt: null,
    metadata: {},
    // A subscription invoice is made as its period starts (these two name the period before it).
    created: start,
    period_start: start,
    period_end: start,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata, subscription: options.subscriptionRef },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${id}`,
          object: 'line_item',
          amount: options.amount,
          currency,
          invoice: id,
          metadata: {},
          period: { start, end },
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              subscription: options.subscriptionRef,
              subscription_item: `si_${options.subscriptionRef}`,
              proration: false,
              invoice_item: null,
              proration_details: { credited_items: null },
            },
          },
        },
      ],
    },
    payments: { object: 'list', has_more: false, data: [] },
  };
  return settle(invoice, {
    paid,
    nextPaymentAttempt: options.nextPaymentAttempt ?? null,
    paymentIntent: options.paymentIntent,
  });
}

/** Marks an invoice paid or failed (and its one payment, when it has a PaymentIntent). */
function settle(
  invoice: Record<string, unknown>,
  outcome: {
    paid: boolean;
    nextPaymentAttempt: Date | number | null;
    paymentIntent?: string | null;
  },
) {
  const amount = Number(invoice.amount_due);
  const payments = invoice.payments as { data: Fields[] };
  const intent =
    outcome.paymentIntent !== undefined
      ? outcome.paymentIntent
      : ((payments.data[0]?.payment as Fields | undefined)?.payment_intent as string | undefined);
  Object.assign(invoice, {
    status: outcome.paid ? 'paid' : 'open',
    amount_paid: outcome.paid ? amount : 0,
    amount_remaining: outcome.paid ? 0 : amount,
    next_payment_attempt:
      outcome.paid || outcome.nextPaymentAttempt === null ? null : unix(outcome.nextPaymentAttempt),
  });
  payments.data = intent
    ? [
        {
          id: `inpay_${invoice.id as string}`,
          object: 'invoice_payment',
          invoice: invoice.id,
          amount_paid: outcome.paid ? amount : null,
          amount_requested: amount,
          currency: invoice.currency,
          is_default: true,
          status: outcome.paid ? 'paid' : 'open',
          payment: { type: 'payment_intent', payment_intent: intent },
        },
      ]
    : [];
  return invoice;
}

function invoiceSubscriptionRef(invoice: Record<string, unknown>) {
  const parent = invoice.parent as { subscription_details: { subscription: string } | null };
  return parent.subscription_details?.subscription ?? null;
}

/**
 * The same invoice as API versions before 2025-03-31 (basil) sent it: top-level `subscription`,
 * `subscription_details.metadata` and `payment_intent`, no `parent` or `payments`.
 */
export function legacyInvoiceObject(options: InvoiceOptions): Record<string, unknown> {
  const {
    parent,
    payments: _payments,
    ...rest
  } = invoiceObject(options) as Record<string, unknown> & {
    parent: { subscription_details: { metadata: Record<string, string> } };
  };
  const lines = rest.lines as { data: Fields[] };
  return {
    ...rest,
    subscription: options.subscriptionRef,
    subscription_details: { metadata: parent.subscription_details.metadata },
    payment_intent: options.paymentIntent,
    paid: options.paid ?? true,
    lines: {
      ...lines,
      data: lines.data.map(({ parent: _parent, ...line }) => ({
        ...line,
        type: 'subscription',
        subscription: options.subscriptionRef,
        subscription_item: `si_${options.subscriptionRef}`,
      })),
    },
  };
}

/**
 * A subscription as `customer.subscription.updated` / `.deleted` carry it in the SDK's API version:
 * the period on the item (`items.data[0].current_period_end`), none on the subscription.
 */
export function subscriptionObject(options: {
  ref: string;
  /** Our recurring gift's id in the metadata (null: metadata without it). */
  subscriptionId: string | null;
  donationId?: string | null;
  customer?: string;
  /** Default 'active'. */
  status?: string;
  cancelAtPeriodEnd?: boolean;
  periodStart?: Date | number;
  periodEnd: Date | number;
  amount?: number;
  currency?: string;
  interval?: 'month' | 'year';
  /** Collection paused until then (`pause_collection.behavior: 'void'`). */
  pausedUntil?: Date | number | null;
  canceledAt?: Date | number | null;
}): Record<string, unknown> {
  const end = unix(options.periodEnd);
  const interval = options.interval ?? 'month';
  const start =
    options.periodStart !== undefined
      ? unix(options.periodStart)
      : (() => {
          const date = new Date(end * 1000);
          if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() - 1);
          else date.setUTCMonth(date.getUTCMonth() - 1);
          return seconds(date);
        })();
  const metadata: Record<string, string> = {};
  if (options.subscriptionId) metadata.subscriptionId = options.subscriptionId;
  if (options.donationId) metadata.donationId = options.donationId;
  const canceledAt = options.canceledAt ? unix(options.canceledAt) : null;
  return {
    id: options.ref,
    object: 'subscription',
    customer: options.customer ?? 'cus_stub_customer',
    status: options.status ?? 'active',
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    cancel_at: options.cancelAtPeriodEnd ? end : null,
    canceled_at: canceledAt,
    ended_at: options.status === 'canceled' ? (canceledAt ?? end) : null,
    collection_method: 'charge_automatically',
    currency: options.currency ?? 'usd',
    metadata,
    pause_collection: options.pausedUntil
      ? { behavior: 'void', resumes_at: unix(options.pausedUntil) }
      : null,
    start_date: start,
    billing_cycle_anchor: start,
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `si_${options.ref}`,
          object: 'subscription_item',
          quantity: 1,
          subscription: options.ref,
          current_period_start: start,
          current_period_end: end,
          price: {
            id: `price_${options.ref}`,
            object: 'price',
            currency: options.currency ?? 'usd',
            unit_amount: options.amount ?? 1000,
            product: `prod_${options.ref}`,
            recurring: { interval, interval_count: 1 },
          },
        },
      ],
    },
  };
}

/** A dispute as `charge.dispute.created` carries it. */
export function disputeObject(options: {
  id?: string;
  paymentIntent: string | null;
  charge?: string;
  amount: number;
  currency?: string;
  reason?: string;
}): Record<string, unknown> {
  const id = options.id ?? `dp_obj_${++objectSequence}`;
  return {
    id,
    object: 'dispute',
    amount: options.amount,
    currency: options.currency ?? 'usd',
    charge: options.charge ?? `ch_${id}`,
    payment_intent: options.paymentIntent,
    reason: options.reason ?? 'fraudulent',
    status: 'needs_response',
    is_charge_refundable: false,
    metadata: {},
  };
}

/**
 * A subscription-mode checkout session as `checkout.session.completed` carries it: no
 * PaymentIntent of its own (the first invoice has it), the customer, subscription and invoice.
 */
export function subscriptionSessionObject(
  sessionId: string,
  ids: { donationId: string; subscriptionId: string },
  amount: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    id: sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    amount_total: amount,
    currency: 'usd',
    client_reference_id: ids.donationId,
    metadata: { donationId: ids.donationId, subscriptionId: ids.subscriptionId },
    customer: `cus_${sessionId}`,
    subscription: `sub_${sessionId}`,
    invoice: `in_${sessionId}`,
    payment_intent: null,
    payment_status: 'paid',
    status: 'complete',
    ...overrides,
  };
}

/**
 * The invoice as a webhook endpoint on a current API version really receives it: `payments` is
 * only present when expanded through the API, so the event names no PaymentIntent (the provider's
 * `invoicePaymentRef` asks for it).
 */
export function withoutPayments(invoice: Record<string, unknown>): Record<string, unknown> {
  const { payments: _, ...rest } = invoice;
  return rest;
}
