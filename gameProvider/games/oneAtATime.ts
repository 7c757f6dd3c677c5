/**
 * Runs one player's calls of a game one at a time (in this process), so a burst cannot pass a game's
 * per-round limits between reading what is already staked and taking the new stake.
 */
export function oneAtATimeQueue() {
  const queues = new Map<string, Promise<unknown>>();
  return function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  };
}
