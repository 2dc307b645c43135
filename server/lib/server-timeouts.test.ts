import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { applyServerTimeouts, SERVER_TIMEOUTS } from './server-timeouts';

describe('server timeouts', () => {
  it('keeps the header limit above keep-alive and below the whole request', () => {
    expect(SERVER_TIMEOUTS.headersTimeout).toBeGreaterThan(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(SERVER_TIMEOUTS.requestTimeout).toBeGreaterThan(SERVER_TIMEOUTS.headersTimeout);
  });

  it('cuts off a client that never finishes its headers with 408', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    applyServerTimeouts(server, {
      requestTimeout: 600,
      headersTimeout: 300,
      keepAliveTimeout: 200,
      connectionsCheckingInterval: 50,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const answer = await new Promise<string>((resolve) => {
        let received = '';
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write('GET / HTTP/1.1\r\nHost: canopy\r\n'),
        );
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('close', () => resolve(received));
      });
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      server.close();
    }
  });
});
