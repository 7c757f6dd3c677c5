/**
 * The real-time topics of contract/topics.ts: each decoder accepts what the server publishes (made by the
 * server's own code: its member-frame builders, the wallet's cash feed, the scheduler's round view) and
 * refuses what is malformed. The server tests check every payload they publish the same way
 * (tests/server/harness.ts RecordingPush).
 */
import { describe, expect, it } from 'vitest';
import { drawRound, hashSeed } from '../../contract/fairness';
import { MINI_GAMES, type MiniRound } from '../../contract/minigames';
import {
  decodeMemberFrame, decodeTopicPayload, MEMBER_FRAMES, MEMBER_TOPIC_PREFIX, memberTopic, PUBLIC_TOPICS, TOPIC_PREFIX,
} from '../../contract/topics';
import type { SocketMessage } from '../../contract/types';
import { roundView, type RoundRow } from '../../server/minigames/queries';
import type { Push } from '../../server/push';
import { createCashPush } from '../../server/wallet/cashPush';

/** What the server's code publishes, recorded as the wire carries it (JSON). */
function recordingPush() {
  const topics: { destination: string; body: unknown }[] = [];
  const push: Push = {
    publishToSession: async () => undefined,
    publishToMember: async () => undefined,
    publishToTopic: async (destination, body) => {
      topics.push({ destination, body: JSON.parse(JSON.stringify(body)) });
    },
  };
  return { push, topics };
}

const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

async function roundRow(status: 'open' | 'drawn', roundNo = 145): Promise<RoundRow> {
  const seed = 'ab'.repeat(32);
  const drawn = status === 'drawn';
  return {
    id: 9, game: 'powerball', day: '2026-11-23', roundNo,
    opensAt: new Date('2026-11-23T03:00:00Z'), closesAt: new Date('2026-11-23T03:04:30Z'), drawsAt: new Date('2026-11-23T03:05:00Z'),
    status, chainId: 1, chainUse: 3, seedHash: await hashSeed(seed), seed,
    draw: drawn ? await drawRound('powerball', seed, '2026-11-23', roundNo) : null,
    drawnAt: drawn ? new Date('2026-11-23T03:05:00Z') : null, settledAt: null,
  };
}

describe('the topics both sides use', () => {
  it('name every destination once: the member topic by token, the public topics by name', () => {
    expect(memberTopic('tok-1')).toBe('/topic/member/tok-1');
    expect(MEMBER_TOPIC_PREFIX.startsWith(TOPIC_PREFIX)).toBe(true);
    expect(PUBLIC_TOPICS.cashFeed.destination()).toBe('/topic/cash');
    expect(MINI_GAMES.map((game) => PUBLIC_TOPICS.miniRounds.destination(game))).toEqual(['/topic/powerball/', '/topic/powerladder/', '/topic/speedkino/', '/topic/kinoladder/']);
  });
});

describe('the cash feed', () => {
  it('accepts what the wallet publishes (the member id masked)', async () => {
    const { push, topics } = recordingPush();
    await createCashPush(push, { warn: () => undefined }).feed({ kind: 'out', memId: 'demo01', amount: 70_000, at: '2026-11-23T03:00:00.000Z' });
    expect(topics).toEqual([{ destination: '/topic/cash', body: { kind: 'out', memId: 'de***1', amount: 70_000, at: '2026-11-23T03:00:00.000Z' } }]);
    expect(PUBLIC_TOPICS.cashFeed.decode(topics[0]!.body)).toEqual(topics[0]!.body);
    expect(decodeTopicPayload(topics[0]!.destination, topics[0]!.body)).toEqual(topics[0]!.body);
  });

  it('refuses a malformed entry', () => {
    const entry = { kind: 'in', memId: 'de***1', amount: 10_000, at: '2026-11-23T03:00:00.000Z' };
    for (const bad of [
      null, 'x', [], {}, { ...entry, kind: 'sideways' }, { ...entry, memId: 7 }, { ...entry, amount: '10000' }, { ...entry, amount: 1.5 },
      { ...entry, amount: -1 }, { ...entry, at: undefined },
    ]) {
      expect(PUBLIC_TOPICS.cashFeed.decode(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('a mini game’s rounds', () => {
  it('accept the round the scheduler publishes, open and drawn', async () => {
    for (const status of ['open', 'drawn'] as const) {
      const body = wire({ kind: 'round', round: roundView(await roundRow(status)) });
      const decoded = PUBLIC_TOPICS.miniRounds.decode(body);
      expect(decoded, status).toEqual(body);
      expect(decodeTopicPayload('/topic/powerball/', body)).toEqual(body);
    }
  });

  it('refuse a body that is not a round', async () => {
    const round = wire(roundView(await roundRow('drawn'))) as MiniRound;
    for (const bad of [
      null, {}, { kind: 'round' }, { kind: 'tick', round }, { kind: 'round', round: [] },
      { kind: 'round', round: { ...round, game: 'chess' } }, { kind: 'round', round: { ...round, roundId: '9' } },
      { kind: 'round', round: { ...round, day: '23.11.2026' } }, { kind: 'round', round: { ...round, status: 'lost' } },
      { kind: 'round', round: { ...round, seed: 7 } }, { kind: 'round', round: { ...round, draw: 'balls' } },
      { kind: 'round', round: { ...round, drawsAt: undefined } },
    ]) {
      expect(PUBLIC_TOPICS.miniRounds.decode(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('decode nothing published on a destination of no topic', () => {
    expect(decodeTopicPayload('/topic/roulette/', { kind: 'round' })).toBeNull();
    expect(decodeTopicPayload('/topic/member/tok', { cmd: 'LOGOUT' })).toBeNull();
  });
});

describe('the member topic’s frames', () => {
  it('read back what each server builder makes', () => {
    const read = (message: SocketMessage) => decodeMemberFrame(wire(message));
    expect(read(MEMBER_FRAMES.cash(125_000, 3_200))).toEqual({ cmd: 'CASH', cashAmt: 125_000, pointAmt: 3_200 });
    expect(read(MEMBER_FRAMES.messages(4, false))).toEqual({ cmd: 'MSG', unread: 4, arrived: false });
    expect(read(MEMBER_FRAMES.messages(5, true))).toEqual({ cmd: 'MSG', unread: 5, arrived: true });
    expect(read(MEMBER_FRAMES.inspect())).toEqual({ cmd: 'INSPECT', on: true });
    expect(read(MEMBER_FRAMES.logout())).toEqual({ cmd: 'LOGOUT' });
    expect(read(MEMBER_FRAMES.cashRequest(42, -1))).toEqual({ cmd: 'CASHREQ', requestId: 42, status: -1 });
    expect(read(MEMBER_FRAMES.operator({ cmd: 'LOCK_BET_YN', data1: 'N', data2: 'Y' }))).toEqual({ cmd: 'LOCK_BET_YN', down: false });
    expect(read(MEMBER_FRAMES.operator({ cmd: 'LOCK_BET_YN', data1: 'Y', data2: 'N' }))).toEqual({ cmd: 'LOCK_BET_YN', down: true });
  });

  it('carry only the three fields, whatever the builder was given', () => {
    expect(MEMBER_FRAMES.operator({ cmd: 'MSG', data1: 1, data2: null, extra: 'x' } as SocketMessage)).toEqual({ cmd: 'MSG', data1: 1, data2: null });
  });

  it('refuse an unknown command or a malformed frame', () => {
    for (const bad of [
      null, 'LOGOUT', [], {}, { cmd: 7 }, { cmd: 'SOMETHING_NEW' }, { cmd: 'toString' }, { cmd: 'CASH', data1: { x: 1 } }, { cmd: 'CASH', data2: [1] },
      { cmd: 'CASHREQ', data1: 0, data2: 1 }, { cmd: 'CASHREQ', data1: 42, data2: 3 }, { cmd: 'CASHREQ', data1: '4.5', data2: 1 },
    ]) {
      expect(decodeMemberFrame(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('the sportsbook’s topics', () => {
  const market = {
    marketId: 'm-1.winner3', kind: 'winner3', period: 'match', line: null, live: true, status: 'open', version: 4,
    selections: [{ selectionId: 'm-1.winner3.home', key: 'home', oddsCents: 185 }, { selectionId: 'm-1.winner3.away', key: 'away', oddsCents: 410 }],
  };
  const score = { home: 1, away: 0, periods: [{ home: 1, away: 0 }], scoreSeq: 3, period: 1, clockSeconds: 1_260 };
  const fixtureBody = { fixtureId: 'fx-1', seq: 7, status: 'live', score, markets: [market] };
  const listBody = { seq: 12, fixtures: [{ fixtureId: 'fx-1', status: 'live', score, markets: [market] }, { fixtureId: 'fx-2', status: 'scheduled', score: null, markets: [] }] };

  it('name a destination per fixture and one for the lists', () => {
    expect(PUBLIC_TOPICS.sportFixture.destination('fx-1')).toBe('/topic/sport/fixture/fx-1');
    expect(PUBLIC_TOPICS.sportList.destination()).toBe('/topic/sport/list');
    expect(decodeTopicPayload('/topic/sport/fixture/fx-1', fixtureBody)).toEqual(fixtureBody);
    expect(decodeTopicPayload('/topic/sport/list', listBody)).toEqual(listBody);
    expect(decodeTopicPayload('/topic/sport/fixture/', fixtureBody)).toBeNull();
    expect(decodeTopicPayload('/topic/sport/fixture/a b', fixtureBody)).toBeNull();
  });

  it('refuse a malformed fixture body', () => {
    for (const bad of [
      null, {}, { ...fixtureBody, seq: 0 }, { ...fixtureBody, seq: '7' }, { ...fixtureBody, status: 'paused' }, { ...fixtureBody, score: { ...score, home: -1 } },
      { ...fixtureBody, markets: {} }, { ...fixtureBody, markets: [{ ...market, kind: 'exotic' }] }, { ...fixtureBody, markets: [{ ...market, status: 'open?' }] },
      { ...fixtureBody, markets: [{ ...market, selections: [{ selectionId: 'x', key: 'home', oddsCents: 1.5 }] }] }, { ...fixtureBody, fixtureId: '' },
    ]) {
      expect(PUBLIC_TOPICS.sportFixture.decode(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('refuse a malformed list body', () => {
    for (const bad of [
      null, { seq: 1 }, { ...listBody, seq: -1 }, { ...listBody, fixtures: [null] }, { ...listBody, fixtures: [{ fixtureId: 'fx-1', status: 'live', score: null }] },
      { ...listBody, fixtures: [{ fixtureId: 'fx-1', status: 'live', score: 'one-nil', markets: [] }] },
    ]) {
      expect(PUBLIC_TOPICS.sportList.decode(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
