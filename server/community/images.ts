/**
 * Stored images: the type is read from the bytes (magic numbers), never from a name or a header, and
 * an image is served with that type, `nosniff`, no script (CSP sandbox) and inline disposition, so
 * bytes that only claim to be an image are refused at upload and nothing stored can run as a page.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  BOARD_IMAGE_MAX_BYTES, BOARD_IMAGE_ORPHAN_MS, BOARD_PENDING_IMAGE_BYTES, BOARD_UPLOAD_WINDOW_MS, BOARD_UPLOADS_PER_WINDOW, type ImageType,
} from '../../contract/community';
import type { Db, Executor } from '../db/client';
import { storedImages } from '../db/schema';
import { Failure } from '../failure';

/** The image type the bytes are, or null: PNG, JPEG or WebP by their signatures. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 4 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Refuses bytes that are not a PNG, JPEG or WebP (BD007) or are over the limit (BD008); answers the type. */
export function checkImage(bytes: Uint8Array, maxBytes = BOARD_IMAGE_MAX_BYTES): ImageType {
  if (bytes.length > maxBytes) throw new Failure('BD008');
  const mime = sniffImage(bytes);
  if (!mime) throw new Failure('BD007');
  return mime;
}

export const newImageId = () => randomBytes(18).toString('base64url');

export async function storeImage(executor: Executor, bytes: Buffer, owner: { memberId: number | null }, maxBytes?: number, at?: Date): Promise<string> {
  const mime = checkImage(bytes, maxBytes);
  const id = newImageId();
  await executor.insert(storedImages).values({ id, mime, bytes, memberId: owner.memberId, ...(at ? { createdAt: at } : {}) });
  return id;
}

/**
 * A member's board upload, within their quota: at most BOARD_UPLOADS_PER_WINDOW uploads in the last
 * window (BD013) and BOARD_PENDING_IMAGE_BYTES of images not yet in a post (BD014). Counting and
 * storing are one step under the member's advisory lock, so a burst stores no more than the quota.
 */
export async function storeMemberImage(db: Db, bytes: Buffer, memberId: number, now: Date): Promise<string> {
  checkImage(bytes);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('board-upload'), hashtext(${String(memberId)}))`);
    const [used] = await tx.select({
      recent: sql<number>`count(*) filter (where ${storedImages.createdAt} > ${new Date(now.getTime() - BOARD_UPLOAD_WINDOW_MS)})::int`,
      pendingBytes: sql<number>`coalesce(sum(octet_length(${storedImages.bytes})) filter (where ${storedImages.postId} is null), 0)::int`,
    }).from(storedImages).where(eq(storedImages.memberId, memberId));
    if (used && used.recent >= BOARD_UPLOADS_PER_WINDOW) throw new Failure('BD013');
    if (used && used.pendingBytes + bytes.length > BOARD_PENDING_IMAGE_BYTES) throw new Failure('BD014');
    return storeImage(tx, bytes, { memberId }, BOARD_IMAGE_MAX_BYTES, now);
  });
}

/** Removes members' uploads that no post took within BOARD_IMAGE_ORPHAN_MS; answers how many. */
export async function removeOrphanImages(db: Db, now: Date): Promise<number> {
  const removed = await db.delete(storedImages).where(and(
    isNotNull(storedImages.memberId), isNull(storedImages.postId), lt(storedImages.createdAt, new Date(now.getTime() - BOARD_IMAGE_ORPHAN_MS)),
  )).returning({ id: storedImages.id });
  return removed.length;
}

export async function readImage(executor: Executor, id: string) {
  const [row] = await executor.select({ mime: storedImages.mime, bytes: storedImages.bytes, postId: storedImages.postId })
    .from(storedImages).where(eq(storedImages.id, id));
  return row ?? null;
}

export const imagePath = (id: string) => `/files/${id}`;
