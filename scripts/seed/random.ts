/** A small deterministic generator (LCG): the same demo every run, a different stream per seed. */
export interface Random {
  (): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Roughly normal noise around 0 with the given spread (sum of uniforms). */
  noise(spread: number): number;
}

export function rng(seed: number): Random {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const random = next as Random;
  random.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  random.between = (min, max) => min + next() * (max - min);
  random.pick = (items) => items[Math.floor(next() * items.length)]!;
  random.chance = (p) => next() < p;
  random.noise = (spread) => (next() + next() + next() - 1.5) * spread;
  return random;
}

/** A stable number from a text, to seed one drive's or one person's own stream. */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const DAY_MS = 86_400_000;
export const YEAR_MS = 365.25 * DAY_MS;
