/** The feed's catalogue: leagues with their teams (or players, or fighters), their kick-off pattern and pace. */
import type { Sport, SportNames } from '../../contract/sports';

export interface Team {
  teamId: string;
  names: SportNames;
  /** The side's strength, 0-100 across every league of a sport (ratingOf turns it into the model's Elo-like rating). */
  strength: number;
}

export interface League {
  leagueId: string;
  sport: Sport;
  names: SportNames;
  /** A virtual league (가상게임): simulated matches every few minutes on wall-clock slots. */
  virtual: boolean;
  /** Maps, sets or games to win (e-sports, tennis, volleyball, badminton), null elsewhere. */
  bestOf: number | null;
  /** Kick-offs every `everyMinutes`, from `offsetMinutes` past each UTC midnight. */
  everyMinutes: number;
  offsetMinutes: number;
  /** How far ahead fixtures are published. */
  horizonMinutes: number;
  /** Play seconds per real second (1: real time; a virtual league plays a match in two minutes). */
  speed: number;
  /** Options the model takes besides the sides' strengths (period lengths and the like). */
  modelOptions: LeagueModelOptions;
  teams: Team[];
}

/** What of the league the model takes besides the strengths (oddsFeed/model modelFor's options). */
export interface LeagueModelOptions {
  /** Sets or maps to win out of. */
  bestOf?: number;
  /** No home advantage (tournament venues, virtual matches). */
  neutral?: boolean;
}

/** The model's rating (Elo-like, 1500 average, 200 a clear gap) of a 0-100 strength: 65 is 1500, each point 8. */
export const ratingOf = (strength: number): number => 1500 + (strength - 65) * 8;

/** [id, Korean, English, strength]: Vietnamese takes the English name. */
export type TeamRow = readonly [string, string, string, number];

export function teams(prefix: string, rows: readonly TeamRow[]): Team[] {
  return rows.map(([id, ko, en, strength]) => ({ teamId: `${prefix}-${id}`, names: { ko, en, vi: en }, strength }));
}

export const names = (ko: string, en: string): SportNames => ({ ko, en, vi: en });
