/**
 * The fault switch, for tests only (VENDOR_FAULTS=1, refused in production): rules set through
 * PUT {VENDOR_URL}/test/faults make API calls misbehave so tests can prove the site neither loses nor
 * duplicates money:
 *   delay: wait delayMs, then handle the call normally;
 *   fail:  refuse the call before applying anything (503 UNAVAILABLE);
 *   drop:  apply the call, then destroy the connection without answering.
 * A rule targets 'transfers' (in, out, out-all, lookup), 'feeds' (rounds and transfers feeds), 'all',
 * or one call path ('/transfers/in'); it fires with `probability` (default 1) and at most `count` times
 * (default: without end). The first matching rule that fires wins.
 */
import { z } from 'zod';
import type { VendorPath } from '../contract/gameProvider';

const TRANSFER_CALLS: readonly string[] = ['/transfers/in', '/transfers/out', '/transfers/out-all', '/transfers/lookup'];
const FEED_CALLS: readonly string[] = ['/rounds/feed', '/transfers/feed'];

export const faultRuleSchema = z.object({
  target: z.string().regex(/^(transfers|feeds|all|\/[a-z/-]{1,40})$/),
  mode: z.enum(['delay', 'fail', 'drop']),
  probability: z.number().min(0).max(1).optional(),
  count: z.number().int().min(1).max(1_000_000).optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
}).strict();
export const faultRulesSchema = z.object({ rules: z.array(faultRuleSchema).max(20) }).strict();
export type FaultRule = z.infer<typeof faultRuleSchema>;
/** PUT /test/bonus: a vendor-side credit to a player (wallet.ts `bonus`), beside the faults. */
export const bonusSchema = z.object({ player: z.string().min(1).max(64), amount: z.number().int().min(1).max(1_000_000_000) }).strict();

export interface Faults {
  set(rules: FaultRule[]): void;
  rules(): FaultRule[];
  /** The rule that fires for this call, if any (counting it). */
  pick(path: VendorPath): FaultRule | null;
}

function matches(target: string, path: string): boolean {
  return target === 'all' || target === path || (target === 'transfers' && TRANSFER_CALLS.includes(path))
    || (target === 'feeds' && FEED_CALLS.includes(path));
}

export function createFaults(random: () => number = Math.random): Faults {
  let current: FaultRule[] = [];
  return {
    set(rules) {
      current = rules.map((r) => ({ ...r }));
    },
    rules: () => current.map((r) => ({ ...r })),
    pick(path) {
      for (const rule of current) {
        if (!matches(rule.target, path) || (rule.count !== undefined && rule.count <= 0)) continue;
        if (random() >= (rule.probability ?? 1)) continue;
        if (rule.count !== undefined) rule.count -= 1;
        return { ...rule };
      }
      return null;
    },
  };
}
