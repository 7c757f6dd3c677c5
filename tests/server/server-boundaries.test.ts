/**
 * The server's one-way rules, read from the source: money moves only through the money door
 * (server/money/door.ts), the operator API reaches other modules only through their operator faces,
 * and the partner line is walked in one module. Each check fails on a planted breach (see the last test).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .filter((path) => !path.includes('/migrations/'));
}

/** The code without its comments, so a rule is about what runs, not what is said. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

interface Source {
  path: string;
  code: string;
}

const SERVER: Source[] = sourcesUnder('server').map((path) => ({ path, code: code(readFileSync(join(root, path), 'utf8')) }));

/** The names a file imports from a module whose path ends with `module` (type-only imports left out). */
function importedNames(source: Source, module: string): string[] {
  const names: string[] = [];
  for (const match of source.code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (match[1] || !match[3]!.endsWith(module)) continue;
    for (const name of match[2]!.split(',')) {
      const trimmed = name.trim();
      if (trimmed && !trimmed.startsWith('type ')) names.push(trimmed.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** The files breaking a rule: those for which `breaks` is true, outside `allowed`. */
function breaches(sources: Source[], allowed: string[], breaks: (source: Source) => boolean): string[] {
  return sources.filter((source) => !allowed.includes(source.path) && breaks(source)).map((source) => source.path);
}

const RULES = {
  /** Only the door posts to the ledger or claims a money call's key. */
  ledgerPosting: (s: Source) => importedNames(s, '/ledger').includes('postTransaction'),
  keyClaims: (s: Source) => importedNames(s, '/idempotency').includes('idempotentRun'),
  /** The database's money functions are called by the door only: a statement handed to it, never run by hand. */
  ledgerFunction: (s: Source) => /\bledger_post\s*\(/.test(s.code),
  moneyFunctions: (s: Source) => /\b(point_convert|mini_bet|sport_bet_many|cash_withdraw|money_call_claim|game_launch_begin|game_merge_begin|game_out_apply)\s*\(/.test(s.code)
    && !/:\s*(Batch)?Database(Call|Statement)\b/.test(s.code),
  /** The operator API: other modules' faces, never their queries or tables. */
  operatorReach: (s: Source) => /from\s+'\.\.\/(?!\.\.\/)[a-z]+\/queries'/.test(s.code) || /import\s+\{[^}]*\}\s+from\s+'\.\.\/db\/schema'/.test(s.code),
  /** The recommender chain is walked in the partner line only. */
  lineWalk: (s: Source) => /with\s+recursive/i.test(s.code) && /recommender/.test(s.code),
};

describe('the money door', () => {
  it('is the only module that posts to the ledger or claims a money call\'s key', () => {
    expect(breaches(SERVER, ['server/money/door.ts'], RULES.ledgerPosting)).toEqual([]);
    expect(breaches(SERVER, ['server/money/door.ts'], RULES.keyClaims)).toEqual([]);
  });

  it('alone calls the money functions of the database (ledger_post inside ledger.ts; the others as its statements)', () => {
    expect(breaches(SERVER, ['server/money/ledger.ts'], RULES.ledgerFunction)).toEqual([]);
    expect(breaches(SERVER, [], RULES.moneyFunctions)).toEqual([]);
  });

  it('has no twin: besides the session lookup, nothing else in the server sends statements to the driver itself', () => {
    const driverUsers = SERVER.filter((s) => /\$client/.test(s.code)).map((s) => s.path).sort();
    expect(driverUsers).toEqual(['server/money/door.ts', 'server/session/queries.ts']);
  });
});

describe('the operator API', () => {
  it('reaches other modules through their operator faces, never their queries or tables', () => {
    const services = SERVER.filter((s) => /^server\/admin\/\w+Service\.ts$/.test(s.path));
    expect(services.length).toBeGreaterThan(5);
    expect(breaches(services, [], RULES.operatorReach)).toEqual([]);
  });
});

describe('the partner line', () => {
  it('is walked in one module (server/partner/line.ts)', () => {
    expect(breaches(SERVER, ['server/partner/line.ts'], RULES.lineWalk)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('fail on a planted breach of each rule', () => {
    const planted = (text: string): Source => ({ path: 'server/wallet/planted.ts', code: code(text) });
    expect(RULES.ledgerPosting(planted(`import { getMemberBalances, postTransaction } from '../money/ledger';`))).toBe(true);
    expect(RULES.ledgerPosting(planted(`import type { PostRequest } from '../money/ledger';`))).toBe(false);
    expect(RULES.keyClaims(planted(`import { idempotentRun } from '../money/idempotency';`))).toBe(true);
    expect(RULES.ledgerFunction(planted('await tx.execute(sql`select ledger_post(${key}, ...)`);'))).toBe(true);
    expect(RULES.ledgerFunction(planted('// posts with ledger_post(...) inside the door'))).toBe(false);
    expect(RULES.moneyFunctions(planted(`await client.query('select point_convert($1, $2)', values);`))).toBe(true);
    expect(RULES.moneyFunctions(planted(`const F: DatabaseCall = { call: 'x', name: 'point_convert', text: 'select point_convert($1)' };`))).toBe(false);
    expect(RULES.operatorReach(planted(`import { findMemberByMemId } from '../member/queries';`))).toBe(true);
    expect(RULES.operatorReach(planted(`import { members } from '../db/schema';`))).toBe(true);
    expect(RULES.operatorReach(planted(`import { createOperatorMembers } from '../member/operatorMembers';`))).toBe(false);
    expect(RULES.lineWalk(planted('sql`with recursive up as (select recommender_id from members)`'))).toBe(true);
  });
});
