/**
 * Timing for the benchmark: N concurrent workers repeat a step until a deadline; every operation's
 * latency is recorded under its kind, and refusals are counted apart from successes.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export interface KindStats {
  kind: string;
  ok: number;
  refused: Map<string, number>;
  latenciesMs: number[];
}

export class Recorder {
  private readonly kinds = new Map<string, KindStats>();

  /** Times one operation; `outcome` answers '0' for success or the refusal code. */
  async time(kind: string, operation: () => Promise<string>): Promise<string> {
    const started = performance.now();
    const outcome = await operation();
    const stats = this.kinds.get(kind) ?? { kind, ok: 0, refused: new Map<string, number>(), latenciesMs: [] };
    this.kinds.set(kind, stats);
    stats.latenciesMs.push(performance.now() - started);
    if (outcome === '0') stats.ok += 1;
    else stats.refused.set(outcome, (stats.refused.get(outcome) ?? 0) + 1);
    return outcome;
  }

  get all(): KindStats[] {
    return [...this.kinds.values()];
  }
}

/** Runs `workers` loops of `step(worker)` until `seconds` have passed; answers the elapsed seconds. */
export async function runFor(seconds: number, workers: number, step: (worker: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: workers }, async (_, worker) => {
    while (performance.now() < deadline) await step(worker);
  }));
  return (performance.now() - started) / 1000;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export interface Row {
  database: string;
  kind: string;
  ops: number;
  perSecond: number;
  p50: number;
  p99: number;
  refused: string;
}

export function rowsOf(database: string, stats: KindStats[], elapsedSeconds: number): Row[] {
  return stats.map((s) => {
    const sorted = [...s.latenciesMs].sort((a, b) => a - b);
    return {
      database,
      kind: s.kind,
      ops: s.ok,
      perSecond: s.ok / elapsedSeconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      refused: [...s.refused].map(([code, n]) => `${code}×${n}`).join(' ') || '-',
    };
  });
}

const milliseconds = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(2));

export function printTable(rows: Row[]): void {
  const header = ['database', 'operation', 'ok ops', 'ops/s', 'p50 ms', 'p99 ms', 'refused'];
  const body = rows.map((r) => [
    r.database, r.kind, String(r.ops), r.perSecond.toFixed(1), milliseconds(r.p50), milliseconds(r.p99), r.refused,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of body) console.log(line(cells));
}

/**
 * A bench child process (`script` in bench/, run by plain node), so that its CPU, memory and descriptors are not
 * the server's: `ask` sends it a message and answers its next one; `end` kills it. A child never exits by itself:
 * its exit could reach this process before its last message.
 */
export function benchChild(script: string) {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    ask: <T>(message: unknown) => new Promise<T>((resolve, reject) => {
      const ended = (code: number | null, signal: string | null) => reject(new Error(`${script} ended (${code ?? signal})`));
      child.once('exit', ended);
      child.once('message', (answer) => {
        child.off('exit', ended);
        resolve(answer as T);
      });
      child.send(message as object | string);
    }),
    end: () => void child.kill(),
  };
}
