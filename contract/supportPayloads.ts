/**
 * Payload schemas of the message and support-centre calls (contract/support.ts has their types and
 * rules). Sizes are bounded generously here so that the services answer the field's own code
 * (BD001-BD005); only absurd sizes stop at the schema (R003).
 */
import { z } from 'zod';
import { CONTENT_MAX, MSG_DELETE_MAX } from './support';

const page = z.number().int().min(1).max(100_000).optional().default(1);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idempotencyKey = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);
/** Twice the content limit, so an oversized text reaches the service and gets BD004. */
const longText = z.string().max(CONTENT_MAX * 2);

export const msgListPayload = z.object({ page });
export const msgReadPayload = z.object({ msgIdx: id });
/** SPEC §7 msgUpdate: deletes the selected messages (read ones only, M002). */
export const msgUpdatePayload = z.object({ msgIdxs: z.array(id).max(MSG_DELETE_MAX) });

/** A board list: a page and, when searching, the term (required then, BD003). */
export const supportListPayload = z.object({ page, search: longText.optional() });
export const supportDetailPayload = z.object({ boardIdx: id });
/** A question: sent once per key (an offline draft keeps its key until an answer comes). */
export const qnaSavePayload = z.object({ idempotencyKey, title: longText, content: longText });
