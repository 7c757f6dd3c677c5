/**
 * Captchas: issued with a 5-minute life (at most 60 a minute per address, server/member/attempts.ts),
 * consumed by the first login attempt that presents them.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from '../../contract/constants';
import type { Captcha } from '../../contract/types';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { captchas } from '../db/schema';
import { Failure } from '../failure';
import { createAttemptLimiter } from '../member/attempts';
import { captchaPng, pngDataUrl } from './image';

/** Expired captchas are kept this long, then dropped: the table holds a few minutes of traffic. */
const KEEP_EXPIRED_MS = 60 * 60_000;

function randomAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

export function createCaptchaService(db: Db, clock: Clock, fixedAnswer: string | null) {
  const limiter = createAttemptLimiter(db, clock);
  return {
    /** Refuses with LX05 when the address asked for too many in the last minute. */
    async issue(ip: string): Promise<Captcha> {
      await limiter.reserve([{ kind: 'captchaIp', key: ip }]);
      const now = clock.now();
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
      const answer = fixedAnswer ?? randomAnswer();
      const captchaId = randomUUID();
      await db.insert(captchas).values({ id: captchaId, answer, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
      return { captchaId, image: pngDataUrl(captchaPng(answer)) };
    },

    /** Uses up the captcha whatever the outcome; refuses (LX04) a wrong, used, expired or unknown one. */
    async consume(captchaId: string, given: string): Promise<void> {
      const now = clock.now();
      const [used] = await db.update(captchas)
        .set({ usedAt: now })
        .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
        .returning({ answer: captchas.answer });
      if (!used || used.answer !== given) throw new Failure('LX04');
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
