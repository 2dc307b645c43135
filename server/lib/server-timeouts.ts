import type { Server } from 'node:http';

export interface ServerTimeouts {
  /** The whole request, body included, must arrive within this (a 5 MB photo at ~50 KB/s fits). */
  requestTimeout: number;
  /** The request line and headers must arrive within this (slow-header clients are cut off). */
  headersTimeout: number;
  /** An idle kept-alive connection is closed after this; below headersTimeout, as Node expects. */
  keepAliveTimeout: number;
  /** How often Node checks the two above (its default, 30 s, would let a slow client linger). */
  connectionsCheckingInterval: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestTimeout: 120_000,
  headersTimeout: 15_000,
  keepAliveTimeout: 10_000,
  connectionsCheckingInterval: 2_000,
};

/** Sets the timeouts on the HTTP server before it listens (Node answers 408 and closes). */
export function applyServerTimeouts(
  server: Server,
  timeouts: ServerTimeouts = SERVER_TIMEOUTS,
): void {
  server.requestTimeout = timeouts.requestTimeout;
  server.headersTimeout = timeouts.headersTimeout;
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    timeouts.connectionsCheckingInterval;
}
