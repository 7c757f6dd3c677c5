/**
 * Images outside the envelope: a member uploads raw bytes (POST /api/board/upload, the site header and
 * session token as on every call, answered in the sealed envelope), and anyone reads a stored image
 * at GET /files/<id>, with the type read from its bytes and `nosniff` (server/http/headers.ts adds the
 * data-only CSP for image answers). An image attached to a hidden or deleted post is no longer served;
 * ids are random, so an image not yet attached is reachable only by whoever holds its id.
 *
 * Uploads are written one at a time per server: on PGlite every query runs in this thread, and a 2 MB
 * write takes long enough that five at once held every other member's calls behind them. Each upload
 * first removes the uploads no post took in time (images.ts), so storage stays bounded by the quotas.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BOARD_IMAGE_MAX_BYTES, BOARD_UPLOAD_PATH, FILES_PATH } from '../../contract/community';
import { RESULT_OK, type ApiAnswer } from '../../contract/codes';
import { resultMessage } from '../../contract/resultMessages';
import { HEADER_SESSION_TOKEN, siteAuthorization } from '../../contract/constants';
import { type Clock, systemClock } from '../clock';
import type { Db } from '../db/client';
import { isFailure } from '../failure';
import { refusal, sealAnswer } from '../http/api';
import { createSessionLookup } from '../session/queries';
import { postIsVisible } from './memberBoardQueries';
import { readImage, removeOrphanImages, storeMemberImage } from './images';

const imageIdParam = z.object({ id: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) });

export function communityFileRoutes(deps: { db: Db; clock: Clock; siteId: string }) {
  const { db, clock, siteId } = deps;
  // Sessions keep real time; the quota window and the orphan age follow the (test-settable) clock.
  const lookupSession = createSessionLookup(db, systemClock);
  let writes: Promise<unknown> = Promise.resolve();
  const oneWriteAtATime = <T>(write: () => Promise<T>): Promise<T> => {
    // PGlite answers in microtasks: without a turn of the event loop between writes, a queue of them
    // would run back to back before any other request is even read.
    const result = writes.then(() => new Promise((turn) => setImmediate(turn))).then(write);
    writes = result.catch(() => undefined);
    return result;
  };

  return async function register(app: FastifyInstance): Promise<void> {
    const send = (reply: FastifyReply, answer: ApiAnswer) => reply.code(200).header('cache-control', 'no-store').send(sealAnswer(answer, siteId));

    app.removeAllContentTypeParsers();
    // One byte over the limit is enough to know it is too big; Fastify refuses anything larger itself.
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BOARD_IMAGE_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));
    app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
      if (request.method === 'GET') return reply.code(404).send({ resultCode: 'R404', resultMessage: resultMessage('R404') });
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return send(reply, refusal('BD008'));
      if (typeof error.statusCode === 'number' && error.statusCode < 500) return send(reply, refusal('R001'));
      request.log.error({ err: error }, 'upload failed');
      return send(reply, refusal('R500'));
    });

    app.post(BOARD_UPLOAD_PATH, async (request, reply) => {
      if (request.headers.authorization !== siteAuthorization(siteId)) return send(reply, refusal('R002'));
      const token = request.headers[HEADER_SESSION_TOKEN];
      const resolved = await lookupSession(typeof token === 'string' ? token : undefined);
      if (resolved.kind === 'replaced') return send(reply, refusal('TK999'));
      if (resolved.kind === 'none') return send(reply, refusal('TK001'));
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const imageId = await oneWriteAtATime(async () => {
          const now = clock.now();
          await removeOrphanImages(db, now);
          return storeMemberImage(db, body, resolved.session.memberId, now);
        });
        return send(reply, { resultCode: RESULT_OK, resultMessage: 'OK', data: { imageId } });
      } catch (error) {
        if (isFailure(error)) return send(reply, refusal(error.code));
        throw error;
      }
    });

    app.get(`${FILES_PATH}/:id`, async (request, reply) => {
      const parsed = imageIdParam.safeParse(request.params);
      const image = parsed.success ? await readImage(db, parsed.data.id) : null;
      const servable = image && (image.postId === null || await postIsVisible(db, image.postId));
      if (!image || !servable) return reply.code(404).send({ resultCode: 'R404', resultMessage: resultMessage('R404') });
      return reply.code(200)
        .header('content-type', image.mime)
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=86400')
        .send(image.bytes);
    });
  };
}

