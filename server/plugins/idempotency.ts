import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAY_HEADER,
} from '../../contract/idempotency';
import { requestCommitWork } from '../db/unit-of-work';
import { AppError, badRequest, conflict } from '../lib/errors';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service';
import type { SessionAuth } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a repeated `Idempotency-Key` with its first answer (issue 24). */
    idempotent?: true;
  }
  interface FastifyRequest {
    /** The key this request runs under, when it is the first with it. */
    idempotencyKey?: { userId: string; key: string };
  }
}

/**
 * Routes with `config.idempotent` take an optional `Idempotency-Key` header: the first request
 * with a key runs (its transactions also mark the key written), its answer is kept, and a repeat
 * gets that answer again with `Idempotent-Replayed: true`: a retry after a lost answer never
 * makes a second tree. Keys belong to the signed-in member.
 */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { sessions: Pick<SessionAuth, 'requireUser'>; keys: IdempotencyService },
): void {
  const { sessions, keys } = deps;

  app.addHook('onRoute', (route) => {
    if ((route.config as { idempotent?: true } | undefined)?.idempotent !== true) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function keyed(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return handler.call(this, request, reply);
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
        throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
      const { user } = await sessions.requireUser(request);
      const claim = await keys.claim(user.id, header, `${request.method} ${request.url}`);
      switch (claim.kind) {
        case 'replay':
          return reply
            .code(claim.statusCode)
            .header(IDEMPOTENT_REPLAY_HEADER, 'true')
            .type('application/json; charset=utf-8')
            .send(claim.body);
        case 'in-progress':
          throw new AppError(409, 'CONFLICT', IDEMPOTENCY_MESSAGES.inProgress, {
            headers: { 'retry-after': '1' },
          });
        case 'answer-lost':
          throw conflict(IDEMPOTENCY_MESSAGES.answerLost);
        case 'other-request':
          throw conflict(IDEMPOTENCY_MESSAGES.otherRequest);
      }
      const owner = { userId: user.id, key: header };
      request.idempotencyKey = owner;
      return requestCommitWork.run(
        (db) => keys.markCommitted(db, owner.userId, owner.key),
        () => handler.call(this, request, reply),
      );
    };
  });

  // The answer as sent (serialized by the route's schema), kept for the repeats.
  app.addHook('onSend', async (request, reply, payload) => {
    const owner = request.idempotencyKey;
    if (!owner) return payload;
    request.idempotencyKey = undefined;
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : null;
    if (body === null) await keys.settle(owner.userId, owner.key, 500, '');
    else await keys.settle(owner.userId, owner.key, reply.statusCode, body);
    return payload;
  });
}
