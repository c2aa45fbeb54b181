/**
 * Every request gets an answer within its time limit, whatever its route does: a request still
 * unanswered after REQUEST_TIMEOUT seconds gets 503 with Retry-After (the route's work may still
 * finish later; its answer is then dropped). At shutdown, requests still running when the grace
 * period ends get 503 the same way before their connections close (`answerInFlight`).
 * WebSocket upgrades are not requests in this sense: they live as long as their socket.
 * See docs/adr/0007-database-faults.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS } from '../db/db-errors.ts';

function answer(request: FastifyRequest, reply: FastifyReply, message: string): boolean {
  const raw = reply.raw;
  if (raw.headersSent || raw.writableEnded || raw.destroyed) return false;
  request.log.warn({ url: request.url }, message);
  const body = JSON.stringify({ message });
  if (reply.sent) {
    // A hijacked reply (the identity provider writes its own responses): answer on the raw socket.
    raw.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(RETRY_AFTER_SECONDS),
      connection: 'close',
    });
    raw.end(body);
  } else {
    reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close');
    reply.type('application/json; charset=utf-8').send(body);
  }
  return true;
}

export const requestLimits = fp(
  async (app: FastifyInstance, opts: { timeoutMs: number }) => {
    const inFlight = new Map<FastifyRequest, FastifyReply>();
    const seconds = Math.round(opts.timeoutMs / 1000);

    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.upgrade) return;
      inFlight.set(request, reply);
      const timer = setTimeout(
        () =>
          answer(request, reply, `The server did not finish this request within ${seconds} s. Try again.`),
        opts.timeoutMs,
      );
      timer.unref();
      reply.raw.once('close', () => {
        clearTimeout(timer);
        inFlight.delete(request);
      });
    });

    app.decorate('answerInFlight', async (message: string, waitMs: number): Promise<number> => {
      const sent: Promise<void>[] = [];
      for (const [request, reply] of inFlight) {
        if (!answer(request, reply, message)) continue;
        sent.push(new Promise((resolve) => reply.raw.once('close', () => resolve())));
      }
      // The answers go out through the reply hooks: give them time to reach the socket.
      await Promise.race([Promise.all(sent), new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
      return sent.length;
    });
  },
  { name: 'request-limits' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers every request still running with 503 and `message`, waits (up to `waitMs`) for the
     * answers to be written, and returns how many it answered.
     */
    answerInFlight(message: string, waitMs: number): Promise<number>;
  }
}
