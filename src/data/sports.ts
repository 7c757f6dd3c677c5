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
import { useEffect, useMemo } from 'react';
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
  list: (api: Api, filter: ListFilter) => queryOptions({ queryKey: [...listKey, filter], queryFn: () => api.call('sportList', filter), staleTime: Infinity }),
  fixture: (api: Api, fixtureId: string) =>
    queryOptions({ queryKey: [...fixtureKey, fixtureId], queryFn: () => api.call('sportFixture', { fixtureId }), staleTime: Infinity }),
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

/** Each cached list with one list topic message: patched when it is the next seq, read again after a gap. */
function onListBody(queryClient: QueryClient, body: SportListTopicBody): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listKey })) {
    const answer = query.state.data as SportListAnswer | undefined;
    if (!answer) continue;
    const step = seqStep(answer.seq, body.seq);
    if (step === 'apply') queryClient.setQueryData(query.queryKey, applyListBody(answer, body));
    else if (step === 'refetch') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

function onFixtureBody(queryClient: QueryClient, body: SportFixtureTopicBody): void {
  const queryKey = [...fixtureKey, body.fixtureId];
  const answer = queryClient.getQueryData<SportFixtureAnswer>(queryKey);
  if (!answer) return;
  const step = seqStep(answer.seq, body.seq);
  if (step === 'apply') queryClient.setQueryData<SportFixtureAnswer>(queryKey, { fixture: patchFixture(answer.fixture, body, true), seq: body.seq });
  else if (step === 'refetch') void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** A view's list with its main markets, kept current by the list topic while shown. */
export function useSportList(filter: ListFilter) {
  const queryClient = useQueryClient();
  const query = useQuery(sportQueries.list(useApi(), filter));
  useEffect(() => subscribeTopic('sportList', [], (body) => onListBody(queryClient, body)), [queryClient]);
  return loaded(query);
}

/** One fixture with all its markets, kept current by its topic while shown. */
export function useSportFixture(fixtureId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(sportQueries.fixture(useApi(), fixtureId));
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
