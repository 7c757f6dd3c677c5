/**
 * The browser's check of a finished fixture (issue 20, "verifiable in the browser like the mini games"): the
 * revealed seed hashes to the commitment published before kick-off, and the match played again from that
 * seed with the fixture's model (the feed's own code, oddsFeed/model, loaded only when asked) ends at the
 * score the site shows.
 */
import type { SportResultItem, SportScore } from '../../../contract/sports';

export type ProofCheck =
  | { status: 'match'; final: SportScore }
  | { status: 'hashMismatch' }
  | { status: 'scoreMismatch'; final: SportScore };

/** Whether the fixture has what the check needs: it ended and its seed is out. */
export const canVerify = (item: SportResultItem): boolean => item.fixture.status === 'ended' && item.fixture.seed !== null && item.fixture.score !== null;

export async function checkFixture(item: SportResultItem): Promise<ProofCheck> {
  const { verifyFixture } = await import('../../../oddsFeed/model');
  const { fixture } = item;
  const { ok, final } = verifyFixture(item.model, fixture.sport, fixture.seed ?? '', fixture.seedHash);
  if (!ok) return { status: 'hashMismatch' };
  const shown = fixture.score;
  return shown && shown.home === final.home && shown.away === final.away ? { status: 'match', final } : { status: 'scoreMismatch', final };
}
