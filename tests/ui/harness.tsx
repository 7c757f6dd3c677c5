/**
 * Shared setup for the component tests: the real providers and catalogs, with fake root actors and,
 * behind the data layer, a fake server (`fakeServer`): the one way component tests inject fakes.
 */
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { CallName } from '../../contract/calls';
import type { Balance, LoginAnswer, Member, MemberInfoAnswer, SessionToken } from '../../contract/types';
import { sessionMachine, type TokenInput } from '../../machines/session';
import { siteCheckMachine, type SiteCheckAnswer } from '../../machines/siteCheck';
import type { AppActors, SessionActor } from '../../src/session/actors';
import { Providers } from '../../src/app/Providers';
import { QueryLayer } from '../../src/data/QueryLayer';
import { activateLocale } from '../../src/i18n';
import type { Api } from '../../src/data/api';
import type { Tree } from '../../src/routes/screens';

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => undefined;

export const demoMember: Member = {
  memId: 'demo01',
  memNick: '데모회원',
  memName: '홍길동',
  cashAmt: 1_000_000,
  pointAmt: 50_000,
  isPartnerMember: 'N',
  memLevel: '1',
  memPhone: '01012345678',
  bankName: '국민은행',
  bankacc: '1002123456',
  recommenderId: 'partner01',
};

export function loginAnswerFor(member: Member, newMsg = 0): LoginAnswer {
  return { member, msgInfo: { newMsg }, rtSeq: 0, token: 'test-token', expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() };
}

/**
 * Root actors whose outside world is faked: no socket, no server, and no stored token unless
 * `kept` gives one (a session kept from an earlier visit, whose member read answers when `memberRead` does).
 */
export function createTestActors(kept?: { token: SessionToken; memberRead: Promise<MemberInfoAnswer> }): AppActors {
  const session: SessionActor = createActor(
    sessionMachine.provide({
      actors: {
        restoreToken: fromPromise<SessionToken | null, void>(async () => kept?.token ?? null),
        loadMember: fromPromise(async () => (kept ? kept.memberRead : { member: demoMember, msgInfo: { newMsg: 0 }, rtSeq: 0 })),
        refreshToken: fromPromise(async () => ({ token: 'test-token', expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() })),
        logout: fromPromise<void, TokenInput>(async () => undefined),
        realtime: fromCallback(() => () => undefined),
        // The balance check answers what the session shows by then, with no game money: the tests set the cash they show.
        checkBalance: fromPromise<Balance, TokenInput>(async (): Promise<Balance> => {
          await Promise.resolve();
          return { balance: session.getSnapshot().context.member?.cashAmt ?? 0, isPlayGame: 'N', gameMoney: 0 };
        }),
      },
    }),
  ).start();
  const siteCheck = createActor(siteCheckMachine.provide({ actors: { fetchSiteCheck: fromPromise<SiteCheckAnswer | null, void>(async () => null) } })).start();
  return { session, siteCheck };
}

export interface FakeServer {
  api: Api;
  /** Every call the app made, in order. */
  calls: Array<{ name: CallName; payload: Record<string, unknown> }>;
  /** The payloads of every call of one kind. */
  callsOf(name: CallName): Array<Record<string, unknown>>;
  /** The paths of every GET. */
  gets: string[];
}

/**
 * A fake server behind the data layer: `answer` answers each call by name and payload (throw an
 * `{ code }` object for a refusal, a TypeError for no answer); `answerGet` answers GET calls.
 */
export function fakeServer(
  answer: (name: CallName, payload: Record<string, unknown>) => unknown,
  answerGet: (path: string) => unknown = (path) => Promise.reject(new Error(`unexpected GET ${path}`)),
): FakeServer {
  const calls: FakeServer['calls'] = [];
  const gets: string[] = [];
  const api: Api = {
    call: (async (name: CallName, payload: unknown) => {
      calls.push({ name, payload: payload as Record<string, unknown> });
      return answer(name, payload as Record<string, unknown>);
    }) as Api['call'],
    get: (async (path: string) => {
      gets.push(path);
      return answerGet(path);
    }) as Api['get'],
    upload: (async (path: string) => Promise.reject(new Error(`unexpected upload to ${path}`))) as Api['upload'],
  };
  return { api, calls, gets, callsOf: (name) => calls.filter((call) => call.name === name).map((call) => call.payload) };
}

export function renderWithApp(node: ReactNode, actors: AppActors = createTestActors(), api?: Api) {
  return { actors, ...render(<Providers actors={actors} api={api}><QueryLayer>{node}</QueryLayer></Providers>) };
}

/** Renders a component as the page at '/' of a tiny router on a tree (for components that use Link or menus). */
export function renderAsPage(Page: () => ReactNode, actors: AppActors = createTestActors(), api?: Api, tree: Tree = 'desktop') {
  const root = createRootRouteWithContext<AppActors & { tree: Tree }>()({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/', component: Page });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    context: { ...actors, tree },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, ...renderWithApp(<RouterProvider router={router} />, actors, api) };
}

/** Waits for the session to settle as a guest, then signs the member in as a login would. */
export async function signIn(actors: AppActors, member: Member = demoMember, newMsg = 0): Promise<void> {
  await waitFor(actors.session, (snapshot) => snapshot.matches('guest'));
  actors.session.send({ type: 'session.login', answer: loginAnswerFor(member, newMsg) });
}

/** Answers every alert still open, so no test leaves one behind for the next (the alert queue is app-wide). */
export async function closeAlerts(): Promise<void> {
  for (let button = queryAlertButton(); button; button = queryAlertButton()) {
    await act(async () => button.click());
  }
}

/** The hooks of every page test: Korean at the start, and no alert or rendered page left for the next test. */
export function setUpPageTests(): void {
  beforeEach(() => activateLocale('ko'));
  afterEach(async () => {
    await closeAlerts();
    cleanup();
  });
}

function queryAlertButton(): HTMLElement | null {
  return screen.queryByTestId('alert-ok') ?? screen.queryByTestId('confirm-no');
}
