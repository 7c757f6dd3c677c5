/**
 * Operator API payloads for the board, banners and popups, attendance and the prize wheel (plain JSON
 * under /admin/api, like contract/admin.ts; a body that fails its schema is answered 400 R003).
 */
import { z } from 'zod';
import { changeOf } from './admin';
import { BOARD_CATEGORIES, BOARD_CONTENT_MAX, BOARD_IMAGE_MAX_BYTES, BOARD_TITLE_MAX } from './community';
import { isLinkScreen } from './links';

const isoInstant = z.iso.datetime({ offset: true });

/** GET /board/posts?status= */
export const boardPostsQuery = z.object({ status: z.enum(['visible', 'hidden', 'deleted']).default('visible') });
/** POST /board/posts: the operator writes (notices and events are theirs alone). */
export const operatorPostBody = z.object({
  category: z.enum(BOARD_CATEGORIES),
  title: z.string().max(BOARD_TITLE_MAX),
  content: z.string().max(BOARD_CONTENT_MAX),
}).strict();
/** POST /board/posts/{id}/hide */
export const hidePostBody = z.object({ hidden: z.boolean() }).strict();

/** A screen of the site (contract/links.ts: each tree opens its own path) or an https address; '' for no link. */
const httpsUrl = z.url({ protocol: /^https$/ });
const link = z.string().max(500).refine((value) => value === '' || isLinkScreen(value) || httpsUrl.safeParse(value).success, {
  error: 'not a screen of the site (contract/links.ts) nor an https address',
});
/** base64 of a PNG, JPEG or WebP (checked on the bytes). */
const imageBase64 = z.string().max(Math.ceil((BOARD_IMAGE_MAX_BYTES * 4) / 3) + 4).regex(/^[A-Za-z0-9+/]*={0,2}$/);

/** A banner's fields as an update names them: no defaults, so a field left out stays as it is. */
const bannerFields = {
  title: z.string().trim().min(1).max(100),
  link,
  ord: z.number().int().min(0).max(10_000),
  startsAt: isoInstant.nullable(),
  endsAt: isoInstant.nullable(),
  active: z.boolean(),
  image: imageBase64.nullable(),
};
const windowInOrder = (b: { startsAt?: string | null; endsAt?: string | null }) =>
  !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt);

/** POST /banners */
export const bannerBody = z.object({
  ...bannerFields,
  kind: z.enum(['banner', 'popup']),
  link: link.default(''),
  ord: bannerFields.ord.default(0),
  startsAt: bannerFields.startsAt.default(null),
  endsAt: bannerFields.endsAt.default(null),
  active: bannerFields.active.default(true),
  image: bannerFields.image.default(null),
}).strict().refine(windowInOrder, { message: 'startsAt must be before endsAt' });
/** PUT /banners/{id}: any subset of the fields but kind, at least one; the others stay as they are. */
export const bannerPatchBody = changeOf(bannerFields).refine(windowInOrder, { message: 'startsAt must be before endsAt' });

/** PUT /attendance-settings */
export const attendanceSettingsBody = changeOf({
  enabled: z.boolean(),
  dailyPoints: z.number().int().min(0).max(1_000_000),
  bonusEvery: z.number().int().min(0).max(366),
  bonusPoints: z.number().int().min(0).max(1_000_000),
});

/** The wheel has 2 to 12 prizes. */
export const ROTARY_PRIZES_MIN = 2;
export const ROTARY_PRIZES_MAX = 12;
/** PUT /rotary: switch the wheel, and/or replace its prizes (2-12 of them). */
export const rotaryBody = changeOf({
  enabled: z.boolean(),
  prizes: z.array(z.object({
    label: z.string().trim().min(1).max(30),
    points: z.number().int().min(0).max(1_000_000),
    weight: z.number().int().min(1).max(1_000_000),
  }).strict()).min(ROTARY_PRIZES_MIN).max(ROTARY_PRIZES_MAX),
});
