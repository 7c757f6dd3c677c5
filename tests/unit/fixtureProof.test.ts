/**
 * The browser's check of a finished fixture (src/features/sports/fixtureProof.ts) with the feed's own model:
 * the revealed seed that hashes to the commitment and replays to the shown score is a match; a seed that does
 * not hash to the commitment, or a score the seed does not play to, is a mismatch; a fixture whose seed is not
 * out, or that did not end, is not offered the check.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPORTS, type Sport, type SportResultItem } from '../../contract/sports';
import { hashSeed, modelFor, simulateMatch } from '../../oddsFeed/model';
import { canVerify, checkFixture } from '../../src/features/sports/fixtureProof';

const names = { ko: 'x', en: 'x', vi: 'x' };
function played(sport: Sport, label: string): SportResultItem {
  const seed = createHash('sha256').update(`proof ${sport} ${label}`).digest('hex');
  const model = modelFor(sport, { home: 1540, away: 1500 });
  const final = simulateMatch(model, sport, seed).at(-1)!.score;
  return {
    fixture: {
      fixtureId: `f-${sport}`, sport, league: { leagueId: 'l', names }, home: { teamId: 'h', names }, away: { teamId: 'a', names },
      startsAt: '2026-11-28T12:00:00.000Z', status: 'ended', virtual: sport === 'soccer', bestOf: null, score: final, seedHash: hashSeed(seed), seed,
    },
    markets: [],
    model,
  };
}

describe('checkFixture', () => {
  it('matches every sport whose seed hashes to its commitment and replays to its score', async () => {
    for (const sport of SPORTS) {
      const item = played(sport, 'a');
      expect(canVerify(item), sport).toBe(true);
      const check = await checkFixture(item);
      expect(check, sport).toEqual({ status: 'match', final: item.fixture.score });
    }
  });

  it('says mismatch for a score the seed does not play to, and for a seed that is not the committed one', async () => {
    const item = played('soccer', 'b');
    const score = item.fixture.score!;
    const moved = { ...item, fixture: { ...item.fixture, score: { ...score, home: score.home + 1 } } };
    expect(await checkFixture(moved)).toEqual({ status: 'scoreMismatch', final: score });
    const other = createHash('sha256').update('another seed').digest('hex');
    expect((await checkFixture({ ...item, fixture: { ...item.fixture, seed: other } })).status).toBe('hashMismatch');
    expect((await checkFixture({ ...item, fixture: { ...item.fixture, seed: 'not a seed' } })).status).toBe('hashMismatch');
    // A commitment written in capitals is the same hash.
    expect((await checkFixture({ ...item, fixture: { ...item.fixture, seedHash: item.fixture.seedHash.toUpperCase() } })).status).toBe('match');
  });

  it('is offered only once the match ended and its seed is out', () => {
    const item = played('tennis', 'c');
    expect(canVerify({ ...item, fixture: { ...item.fixture, seed: null } })).toBe(false);
    expect(canVerify({ ...item, fixture: { ...item.fixture, status: 'cancelled' } })).toBe(false);
  });
});
