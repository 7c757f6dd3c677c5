/**
 * Fuzzing every call, member and operator, with arbitraries generated from their schemas (the zod
 * payload schemas of contract/calls.ts and the operator bodies of contract/admin.ts) mixed with hostile values, plus random paths and methods.
 * Whatever comes in, no answer is a 5xx, R500 or a stack trace. Bounded for CI: FUZZ_RUNS (default
 * 150) cases per property, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from '../../contract/admin';
import * as membersAdmin from '../../contract/membersAdmin';
import { fillPath } from '../../contract/callPaths';
import * as communityAdmin from '../../contract/communityAdmin';
import { type CallName, calls } from '../../contract/calls';
import { HEADER_SESSION_TOKEN, siteAuthorization } from '../../contract/constants';
import { open, seal } from '../../contract/envelope';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './harness';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ testClock: true });
  token = (await server.login('demo01', 'demo1234')).data!.token;
});
afterAll(async () => { await server.close(); });

// ---------------------------------------------------------------- arbitraries

/** Strings a careless server chokes on: control and bidi characters, NUL, quotes, very long, not text at all. */
const withControlCharacter = fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u202e', '\u2066'), fc.string({ maxLength: 8 }))
  .map(([before, control, after]) => `${before}${control}${after}`);
const hostileString = fc.oneof(
  withControlCharacter,
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom("' or 1=1 --", '%00', '../../etc/passwd', '\ud800', '9'.repeat(400), '-1', '1e309', 'NaN'),
  fc.string({ minLength: 200, maxLength: 2_000 }),
);
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER + 2, 1e308, -0));
const anyValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Values shaped like the schema (so calls get past validation into the services), each leaf now and
 * then swapped for a hostile value of any type.
 */
export function arbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const fields = Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, inner]) => [key, arbitraryFor(inner)]));
        return fc.record(fields, { requiredKeys: [] });
      }
      case 'union':
        return fc.oneof(...(def.options ?? []).map(arbitraryFor));
      case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch':
        return arbitraryFor(def.innerType!);
      case 'pipe':
        return arbitraryFor(def.in!);
      case 'array':
        return fc.array(arbitraryFor(def.element!), { maxLength: 5 });
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'literal':
        return fc.constantFrom(...(def.values ?? []));
      case 'string':
        return fc.oneof(fc.string({ maxLength: 24 }), fc.stringMatching(/^[0-9]{1,8}$/), fc.constantFrom('demo01', 'partner01', '1234', 'demo1234', '2026-11-22'));
      case 'number':
        return fc.oneof(fc.integer({ min: -10, max: 2_000_000 }), hostileNumber);
      case 'boolean':
        return fc.boolean();
      default:
        return anyValue;
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: anyValue });
}

// ---------------------------------------------------------------- what no answer may be

function expectNoFault(what: string, response: LightMyRequestResponse): void {
  expect(response.statusCode, what).toBeLessThan(500);
  expect(response.body, what).not.toMatch(/\n\s+at |FST_ERR|"statusCode"/);
}

function expectNoMemberFault(what: string, response: LightMyRequestResponse): void {
  expectNoFault(what, response);
  expect(response.statusCode, what).toBe(200);
  const opened = open((response.json() as { data?: unknown }).data);
  expect(opened.ok, what).toBe(true);
  const answer = (opened as { payload: { resultCode: string; resultMessage: string } }).payload;
  expect(answer.resultCode, `${what}: ${answer.resultMessage}`).not.toBe('R500');
  expect(answer.resultMessage, what).not.toMatch(/\n\s+at |Error:/);
}

// ---------------------------------------------------------------- the routes

/** Every route the app serves, read from Fastify's route tree (each line's segment under its parent's). */
function routes(): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) found.push({ method, path: stack.join('') });
  }
  return found;
}

const memberCallNames = Object.keys(calls) as CallName[];

/** A path parameter: a plausible value or a hostile one. */
const paramValue = fc.oneof(fc.constantFrom('demo01', 'partner01', '1', '999999'), fc.integer().map(String), withControlCharacter, hostileString);

/**
 * Operator bodies, from the operator API's own schemas (contract/admin.ts, communityAdmin.ts, membersAdmin.ts): shaped like one of them, an
 * object over all their field names with hostile values, or anything at all.
 */
const operatorSchemas = Object.entries({ ...admin, ...communityAdmin, ...membersAdmin })
  .filter(([name, value]) => name.endsWith('Body') && value instanceof z.ZodType)
  .map(([, schema]) => schema as z.ZodType);
const operatorFields = [...new Set(operatorSchemas.flatMap((schema) => Object.keys(defOf(schema).shape ?? {})))];
const operatorBody = fc.oneof(
  ...operatorSchemas.map(arbitraryFor),
  fc.dictionary(fc.constantFrom(...operatorFields), fc.oneof(withControlCharacter, anyValue), { maxKeys: 4 }),
  anyValue,
);

describe('fuzzing', () => {
  it('member calls answer a code for any payload, signed in or not', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...memberCallNames).chain((name) => fc.tuple(fc.constant(name), arbitraryFor(calls[name].payload), fc.boolean())),
      async ([name, payload, signedIn]) => {
        const response = await server.app.inject({
          method: 'POST', url: fillPath(calls[name].path, payload), payload: JSON.stringify({ data: seal(payload, server.config.siteId) }),
          headers: {
            'content-type': 'application/json', authorization: siteAuthorization(server.config.siteId),
            ...(signedIn ? { [HEADER_SESSION_TOKEN]: token } : {}),
          },
        });
        expectNoMemberFault(`${name} ${JSON.stringify(payload)?.slice(0, 300)}`, response);
      },
    ), { numRuns: RUNS });
  });

  it('operator calls answer 2xx or a 4xx code for any parameter, query and body', async () => {
    const operatorRoutes = routes().filter((r) => r.path.startsWith('/admin/api/'));
    expect(operatorRoutes.length).toBeGreaterThan(10);
    expect(operatorSchemas.length).toBeGreaterThan(8);
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...operatorRoutes), fc.array(paramValue, { minLength: 2, maxLength: 2 }),
      fc.dictionary(fc.constantFrom('status', 'type', 'q', 'page', 'from', 'to', 'x'), hostileString, { maxKeys: 2 }), operatorBody,
      async (route, params, query, body) => {
        let i = 0;
        const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(params[i++]!.toWellFormed()));
        const request: InjectOptions = {
          method: route.method as InjectOptions['method'], url: path, query,
          headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
          ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body) ?? 'null', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' } }),
        };
        const response = await server.app.inject(request);
        expectNoFault(`${route.method} ${path} ${JSON.stringify(query)} ${JSON.stringify(body)?.slice(0, 300)}`, response);
        if (response.statusCode >= 400) expect(Object.keys(response.json() as object).sort()).toEqual(['resultCode', 'resultMessage']);
      },
    ), { numRuns: RUNS });
    // Put the clock back: the fuzz may have set it anywhere.
    await server.admin('PUT', '/admin/api/test/clock', { now: null });
  });

  it('any method on any path answers without a fault or a framework message', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      fc.oneof(fc.webPath().map((p) => `/${p.replace(/^\//, '')}`), fc.constantFrom('/api/', '/admin/api/', '/%', '/api/%E0%A4%A', '/admin/api/signups/%00/approve'), hostileString.map((s) => `/${encodeURIComponent(s.toWellFormed())}`)),
      fc.oneof(fc.constant(undefined), hostileString),
      async (method, url, payload) => {
        const response = await server.app.inject({ method: method as InjectOptions['method'], url, ...(payload === undefined ? {} : { payload }) });
        expectNoFault(`${method} ${url}`, response);
      },
    ), { numRuns: RUNS });
  });
});
