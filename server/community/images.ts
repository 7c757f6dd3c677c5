/**
 * Stored images: the type is read from the bytes (magic numbers), never from a name or a header, and
 * an image is served with that type, `nosniff`, no script (CSP sandbox) and inline disposition, so
 * bytes that only claim to be an image are refused at upload and nothing stored can run as a page.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BOARD_IMAGE_MAX_BYTES, type ImageType } from '../../contract/community';
import type { Executor } from '../db/client';
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

export async function storeImage(executor: Executor, bytes: Buffer, owner: { memberId: number | null }, maxBytes?: number): Promise<string> {
  const mime = checkImage(bytes, maxBytes);
  const id = newImageId();
  await executor.insert(storedImages).values({ id, mime, bytes, memberId: owner.memberId });
  return id;
}

export async function readImage(executor: Executor, id: string) {
  const [row] = await executor.select({ mime: storedImages.mime, bytes: storedImages.bytes, postId: storedImages.postId })
    .from(storedImages).where(eq(storedImages.id, id));
  return row ?? null;
}

export const imagePath = (id: string) => `/files/${id}`;
