/**
 * The rolling schedule: each league kicks off every `everyMinutes` from `offsetMinutes` past UTC midnight
 * (every pattern divides the day, so the slots are the same each day), and slot k of a league is the k-th
 * pairing of a double round robin (the circle method), so every side meets every other at home and away in
 * turn and no side plays twice in one round. Pure: the engine asks which slots fall in a window.
 */
import type { League, Team } from './catalogue';

const MINUTE = 60_000;

export interface Slot {
  fixtureId: string;
  startsAt: Date;
  home: Team;
  away: Team;
}

/** A league's pairings in order: rounds of the circle method, then the same with home and away swapped. */
function roundRobin(teamCount: number): [number, number][] {
  const size = teamCount % 2 === 0 ? teamCount : teamCount + 1; // an odd league gets a bye
  const ring = Array.from({ length: size }, (_, i) => i);
  const single: [number, number][] = [];
  for (let round = 0; round < size - 1; round += 1) {
    for (let i = 0; i < size / 2; i += 1) {
      const a = ring[i]!;
      const b = ring[size - 1 - i]!;
      if (a >= teamCount || b >= teamCount) continue;
      // Alternate who is at home so that the fixed first side is not always the host.
      single.push(round % 2 === 0 ? [a, b] : [b, a]);
    }
    ring.splice(1, 0, ring.pop()!);
  }
  return [...single, ...single.map(([a, b]) => [b, a] as [number, number])];
}

const pairingsCache = new Map<number, [number, number][]>();
function pairings(teamCount: number): [number, number][] {
  let list = pairingsCache.get(teamCount);
  if (!list) pairingsCache.set(teamCount, (list = roundRobin(teamCount)));
  return list;
}

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(/[-:T]/g, '');

/** The league's kick-offs in [from, to), each with its sides and its fixture id (`${leagueId}-yyyyMMddHHmm`). */
export function slotsBetween(league: League, from: Date, to: Date): Slot[] {
  const every = league.everyMinutes * MINUTE;
  const offset = league.offsetMinutes * MINUTE;
  const list = pairings(league.teams.length);
  const slots: Slot[] = [];
  for (let k = Math.ceil((from.getTime() - offset) / every); offset + k * every < to.getTime(); k += 1) {
    const startsAt = new Date(offset + k * every);
    const [h, a] = list[((k % list.length) + list.length) % list.length]!;
    slots.push({ fixtureId: `${league.leagueId}-${stamp(startsAt)}`, startsAt, home: league.teams[h]!, away: league.teams[a]! });
  }
  return slots;
}
