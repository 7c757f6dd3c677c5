/** Captchas: issued with a 5-minute life, consumed by the first login attempt that presents them. */
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from '../../contract/constants';
import type { Captcha } from '../../contract/types';
import type { Db } from '../db/client';
import { captchas } from '../db/schema';
import { Failure } from '../failure';
import { captchaSvg, svgDataUrl } from './image';

function randomAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

export function createCaptchaService(db: Db, fixedAnswer: string | null) {
  return {
    async issue(): Promise<Captcha> {
      // Expired captchas are useless; dropping them here keeps the table to a few minutes of traffic.
      await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 hour'`));
      const answer = fixedAnswer ?? randomAnswer();
      const captchaId = randomUUID();
      await db.insert(captchas).values({ id: captchaId, answer, expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
      return { captchaId, image: svgDataUrl(captchaSvg(answer)) };
    },

    /** Uses up the captcha whatever the outcome; refuses (LX04) a wrong, used, expired or unknown one. */
    async consume(captchaId: string, given: string): Promise<void> {
      const [used] = await db.update(captchas)
        .set({ usedAt: sql`now()` })
        .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
        .returning({ answer: captchas.answer });
      if (!used || used.answer !== given) throw new Failure('LX04');
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
