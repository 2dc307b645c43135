import Fastify from 'fastify';

/** The baseline for `npm run bench`: a bare Fastify route on the same machine, in the same run. */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, status: 'ok' }));
const port = Number(process.argv[2] ?? 0);
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
