/**
 * The sportsbook's data: a view's list, one fixture's markets, the slip's rules and the results page
 * (TanStack Query, member-scoped so a reconnect or a sign-out reaches them). Prices stay current from the
 * topics on the tab's one connection (`sportList`, `sportFixture`): each message patches the cached answers
 * in place, in order of its `seq`; an old or repeated one is ignored, a gap (a message lost) reads the
 * answer again. Nothing polls, nothing is read again per price.
 *
 * The slip: the one bet-slip machine (product 'sport'), a child of the signed-in session so that one slip
 * follows the member across the sportsbook's screens; its call is betProc's sports kind, and the topics
 * move its legs' prices.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  LIVE_DELAY_MAX_SECONDS, type ResultTab, type Sport, type SportFixtureAnswer, type SportFixtureMarkets, type SportFixtureTopicBody, type SportListAnswer,
  type SportListTopicBody, type SportMarket, type SportView,
} from '../../contract/sports';
import { betSlipMachine, type BetAnswer, type LegPrice, type SportSlipRequest } from '../../machines/betSlip';
import { CALL_TIMEOUT_MS } from '../api/client';
import { subscribeTopic } from '../realtime/connection';
import { useSession, useSessionSelector } from '../session/context';
import { useApi, type Api } from './api';
import { keys } from './keys';
import { loaded } from './loaded';
import { tailWith } from './sending';

const sportKey = [...keys.member, 'sport'] as const;
const listKey = [...sportKey, 'list'] as const;
const fixtureKey = [...sportKey, 'fixture'] as const;

export interface ListFilter {
  view: SportView;
  sport: Sport | '';
  leagueId: string;
}

export const sportQueries = {
  // The topics keep these current; a reconnect (keys.member) or a seq gap reads them again.
  // An answer catches up with the topic's messages that came while it was read (see recentBodies).
  list: (api: Api, filter: ListFilter, recent: RecentBodies) => queryOptions({
    queryKey: [...listKey, filter], staleTime: Infinity,
    queryFn: async () => catchUp(await api.call('sportList', filter), recent.list, applyListBody),
  }),
  fixture: (api: Api, fixtureId: string, recent: RecentBodies) => queryOptions({
    queryKey: [...fixtureKey, fixtureId], staleTime: Infinity,
    queryFn: async () => catchUp(await api.call('sportFixture', { fixtureId }), recent.fixture.filter((body) => body.fixtureId === fixtureId), applyFixtureBody),
  }),
  rules: (api: Api) => queryOptions({ queryKey: [...sportKey, 'rules'], queryFn: () => api.call('sportRules', {}), staleTime: 5 * 60_000 }),
  results: (api: Api, tab: ResultTab, sport: Sport | '', page: number, virtual?: boolean) =>
    queryOptions({
      queryKey: [...sportKey, 'results', tab, sport, page, virtual ?? 'any'],
      queryFn: () => api.call('sportResults', { tab, sport, page, ...(virtual !== undefined && { virtual }) }),
      staleTime: 30_000,
    }),
};

/** A fixture with the changed markets put in place of their old selves (markets it does not carry are left alone). */
export function patchFixture(fixture: SportFixtureMarkets, change: { status: SportFixtureMarkets['status']; score: SportFixtureMarkets['score']; markets: SportMarket[] }, addNew: boolean): SportFixtureMarkets {
  const changed = new Map(change.markets.map((market) => [market.marketId, market]));
  const markets = fixture.markets.map((market) => changed.get(market.marketId) ?? market);
  if (addNew) for (const market of change.markets) if (!fixture.markets.some((old) => old.marketId === market.marketId)) markets.push(market);
  return { ...fixture, status: change.status, score: change.score, markets };
}

/** What a message of seq `seq` does to an answer as of `current`: apply it, ignore it (old or repeated), or read again (a gap). */
export function seqStep(current: number, seq: number): 'apply' | 'ignore' | 'refetch' {
  if (seq <= current) return 'ignore';
  return seq === current + 1 ? 'apply' : 'refetch';
}

/**
 * The topics' last messages (per query cache, as the answers they patch), kept so that an answer read while
 * they arrived can catch up with them. Without them an answer that arrives behind its topic (older than the
 * messages that came while it was read) would be read again, and on a busy feed, where a read takes longer
 * than the gap between two messages, every read arrived behind and the reads went on for ever.
 */
interface RecentBodies { list: SportListTopicBody[]; fixture: SportFixtureTopicBody[] }
const RECENT_BODIES = 300;
const recentByCache = new WeakMap<QueryClient, RecentBodies>();
function recentOf(queryClient: QueryClient): RecentBodies {
  let recent = recentByCache.get(queryClient);
  if (!recent) recentByCache.set(queryClient, recent = { list: [], fixture: [] });
  return recent;
}
function remember<B>(bodies: B[], body: B): void {
  bodies.push(body);
  if (bodies.length > RECENT_BODIES) bodies.shift();
}

/** An answer with the messages that follow its seq applied in order, up to the first one missing. */
export function catchUp<A extends { seq: number }, B extends { seq: number }>(answer: A, bodies: readonly B[], apply: (answer: A, body: B) => A): A {
  let current = answer;
  for (const body of [...bodies].sort((a, b) => a.seq - b.seq)) if (body.seq === current.seq + 1) current = apply(current, body);
  return current;
}

/** A list answer after one list topic message (already known to be its next seq). */
export function applyListBody(answer: SportListAnswer, body: SportListTopicBody): SportListAnswer {
  const changes = new Map(body.fixtures.map((change) => [change.fixtureId, change]));
  return {
    ...answer,
    seq: body.seq,
    fixtures: answer.fixtures.map((fixture) => {
      const change = changes.get(fixture.fixtureId);
      return change ? patchFixture(fixture, change, false) : fixture;
    }),
  };
}

const applyFixtureBody = (answer: SportFixtureAnswer, body: SportFixtureTopicBody): SportFixtureAnswer =>
  ({ fixture: patchFixture(answer.fixture, body, true), seq: body.seq });

/**
 * A cached answer with one topic message: patched when it is the next seq, ignored when old, read again after a
 * gap. An answer being read meanwhile is left alone: the read catches up with the message when it lands.
 */
function onTopicBody<A extends { seq: number }, B extends { seq: number }>(
  queryClient: QueryClient, filter: { queryKey: readonly unknown[]; exact: boolean }, body: B, apply: (answer: A, body: B) => A,
): void {
  for (const query of queryClient.getQueryCache().findAll(filter)) {
    const answer = query.state.data as A | undefined;
    if (!answer || query.state.fetchStatus === 'fetching') continue;
    const step = seqStep(answer.seq, body.seq);
    if (step === 'apply') queryClient.setQueryData(query.queryKey, apply(answer, body));
    else if (step === 'refetch') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
  }
}

function onListBody(queryClient: QueryClient, body: SportListTopicBody): void {
  remember(recentOf(queryClient).list, body);
  onTopicBody(queryClient, { queryKey: listKey, exact: false }, body, applyListBody);
}

function onFixtureBody(queryClient: QueryClient, body: SportFixtureTopicBody): void {
  remember(recentOf(queryClient).fixture, body);
  onTopicBody(queryClient, { queryKey: [...fixtureKey, body.fixtureId], exact: true }, body, applyFixtureBody);
}

/** A view's list with its main markets, kept current by the list topic while shown. */
export function useSportList(filter: ListFilter) {
  const queryClient = useQueryClient();
  const query = useQuery(sportQueries.list(useApi(), filter, recentOf(queryClient)));
  useEffect(() => subscribeTopic('sportList', [], (body) => onListBody(queryClient, body)), [queryClient]);
  return loaded(query);
}

/** One fixture with all its markets, kept current by its topic while shown. */
export function useSportFixture(fixtureId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(sportQueries.fixture(useApi(), fixtureId, recentOf(queryClient)));
  useEffect(() => subscribeTopic('sportFixture', [fixtureId], (body) => onFixtureBody(queryClient, body)), [queryClient, fixtureId]);
  return loaded(query);
}

/** The slip's rules and the member's level limits: the slip, /bettingguide/sport and /member/rule show the same data. */
export const useSportRules = () => loaded(useQuery(sportQueries.rules(useApi())));

export const useSportResults = (tab: ResultTab, sport: Sport | '', page: number, virtual?: boolean) =>
  loaded(useQuery(sportQueries.results(useApi(), tab, sport, page, virtual)));

/**
 * The virtual games screen's data: the virtual matches in play and before kick-off (the list, kept current by
 * the list topic) and the finished ones (the results). A match that the topic reports ended reads both again:
 * it leaves the list, its result (and revealed seed) arrives, and the next slot's match comes in; one that
 * kicked off reads the list again for its live markets.
 */
export function useVirtualBoard(resultsPage: number) {
  const queryClient = useQueryClient();
  const filter: ListFilter = { view: 'virtual', sport: '', leagueId: '' };
  const list = useSportList(filter);
  const results = useSportResults('winloose', '', resultsPage, true);
  // Ended, or kicked off with only its (closed) pre-match markets: the topic patches markets it already has, so read again.
  const stale = list.data?.fixtures
    .filter((fixture) => (fixture.status === 'live' ? !fixture.markets.some((market) => market.live) : fixture.status !== 'scheduled'))
    .map((fixture) => `${fixture.fixtureId}:${fixture.status}`).join(' ') ?? '';
  useEffect(() => {
    if (stale === '') return;
    void queryClient.invalidateQueries({ queryKey: [...listKey, filter] });
    void queryClient.invalidateQueries({ queryKey: [...sportKey, 'results'] });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter is a constant
  }, [queryClient, stale]);
  // A match that left the list has finished: its result is read again once the list no longer has it, since the
  // read made when it ended may have come before its result was written (CI saw a finished match never listed).
  const shown = list.data?.fixtures.map((fixture) => fixture.fixtureId).join(' ') ?? '';
  const shownBefore = useRef(shown);
  useEffect(() => {
    const left = shownBefore.current.split(' ').some((id) => id !== '' && !shown.split(' ').includes(id));
    shownBefore.current = shown;
    if (left) void queryClient.invalidateQueries({ queryKey: [...sportKey, 'results'] });
  }, [queryClient, shown]);
  return { list, results };
}

// ---- The slip.

/** The session child's id the sportsbook's slip runs under. */
export const SPORT_SLIP_CHILD = 'sportSlip';
export type SportSlipActor = ActorRefFrom<typeof betSlipMachine>;

/** The prices of a topic's markets as the slip takes them. */
export function marketPrices(markets: readonly SportMarket[]): LegPrice[] {
  return markets.flatMap((market) => market.selections.map((selection) => ({
    selectionId: selection.selectionId, oddsCents: selection.oddsCents, version: market.version, status: market.status,
  })));
}

function slipLogic(api: Api, session: ReturnType<typeof useSession>, queryClient: QueryClient) {
  return betSlipMachine.provide({
    actors: {
      tail: tailWith<SportSlipRequest>(({ request, idempotencyKey }) => {
        // A live bet is held by the server for its sport's delay before the answer, which the operator may have
        // changed since the rules were read: wait for the longest hold the operator may set on top of the call's time.
        return api.call('betProc', { game: 'sport', legs: request.legs, amount: request.stake, acceptBetterOdds: request.acceptBetterOdds, idempotencyKey },
          { timeoutMs: CALL_TIMEOUT_MS + LIVE_DELAY_MAX_SECONDS * 1_000 });
      }),
    },
    actions: {
      accepted: (_, answer) => {
        const { balances } = answer as BetAnswer;
        session.send({ type: 'balances.answered', ...balances });
        void queryClient.invalidateQueries({ queryKey: keys.balances });
        void queryClient.invalidateQueries({ queryKey: keys.bets });
      },
    },
  });
}

/**
 * The member's sports slip (started on first use, a child of the signed-in session, so it keeps its legs
 * from screen to screen), fed the rules and, while it has legs, their prices from the topics.
 */
export function useSportSlip(): SportSlipActor | undefined {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const actor = useSessionSelector((snapshot) => snapshot.context.children[SPORT_SLIP_CHILD] as SportSlipActor | undefined);
  const signedIn = useSessionSelector((snapshot) => snapshot.matches('signedIn'));
  const logic = useMemo(() => slipLogic(api, session, queryClient), [api, session, queryClient]);
  useEffect(() => {
    if (signedIn && (!actor || actor.getSnapshot().status !== 'active')) {
      session.send({ type: 'session.spawnChild', id: SPORT_SLIP_CHILD, logic, input: { product: 'sport', maxLegs: 10 } });
    }
  }, [signedIn, actor, session, logic]);

  const rules = useSportRules().data?.rules;
  useEffect(() => {
    if (actor && rules) actor.send({ type: 'slip.rules', rules });
  }, [actor, rules]);

  // The legs' fixtures' topics move their prices (and the list topic, which carries the main markets).
  const fixtureIds = useSelector(actor, (snapshot) => [...new Set(snapshot?.context.legs.map((leg) => leg.sport?.fixtureId ?? '').filter(Boolean))].sort().join(' ')) ?? '';
  useEffect(() => {
    if (!actor || fixtureIds === '') return undefined;
    const prices = (markets: readonly SportMarket[]) => actor.send({ type: 'slip.prices', prices: marketPrices(markets) });
    const stops = fixtureIds.split(' ').map((fixtureId) => subscribeTopic('sportFixture', [fixtureId], (body) => prices(body.markets)));
    stops.push(subscribeTopic('sportList', [], (body) => prices(body.fixtures.flatMap((fixture) => fixture.markets))));
    return () => stops.forEach((stop) => stop());
  }, [actor, fixtureIds]);
  return actor;
}
