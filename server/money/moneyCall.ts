/**
 * A money call in one statement: a database function (migrations 0011_ledger_post_v2.sql, 0015_mini_bet.sql)
 * that does the whole call in its own transaction, with idempotent()'s rules and lock order: it claims the
 * key (or answers the first answer, or C999), locks the member (U0011 unless active; a bet B1002), checks the call's rules,
 * posts with ledger_post, writes the call's record and the key's answer. One round trip instead of
 * eight (BEGIN, the key, the member lock, ledger_post, the record, the answer, COMMIT), and nothing for
 * the server to build per statement.
 *
 * For calls that check no password (point conversion, mini-game bets): a call that hashes the
 * cash-out password keeps that work in the server, under idempotent(). A refusal inside the function
 * raises SQLSTATE HB001 with the result code as its message; the statement's transaction rolls back
 * whole (key included) and the caller gets the Failure.
 *
 * The statement is sent straight to the driver, as a named statement on PostgreSQL (prepared once per
 * pooled connection); the function's own statements are planned once per connection by PL/pgSQL.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { isResultCode } from '../../contract/codes';
import type { Db } from '../db/client';
import { Failure } from '../failure';

/** What the function answers: whether this call ran its effect, and the call's (first) answer. */
export interface MoneyCallResult<A> {
  ran: boolean;
  answer: A;
}

export interface MoneyStatement {
  /** The statement's name on PostgreSQL: one per distinct text. */
  name: string;
  /** `select <function>($1, ...) as result`. */
  text: string;
}

const REFUSAL = 'HB001';

function refusalOf(error: unknown): Failure | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== REFUSAL || !isResultCode(message)) return null;
  return new Failure(message);
}

export async function runMoneyCall<A>(db: Db, statement: MoneyStatement, values: unknown[]): Promise<MoneyCallResult<A>> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  try {
    const { rows } = client instanceof pg.Pool
      ? await client.query<{ result: MoneyCallResult<A> }>({ name: statement.name, text: statement.text, values })
      : await client.query<{ result: MoneyCallResult<A> }>(statement.text, values);
    return rows[0]!.result;
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}
