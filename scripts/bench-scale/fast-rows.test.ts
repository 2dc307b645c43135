import { describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../../contract/four-numbers';
import { careDueRowsOf } from '../../server/modules/trees/tree-care-due.repository';
import { addMonthsMs, isoAt, pushCareDue, uuidAt, type CareInput } from './fast-rows';

const DAY = 86_400_000;

/** A seeded generator, so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296;
}

/** Instants from 2010 to 2040, a quarter of them on a month's last days or leap days. */
function instant(r: () => number): number {
  const ms = Date.UTC(2010, 0, 1) + r() * 30 * 365.25 * DAY;
  if (r() < 0.75) return ms;
  const d = new Date(ms);
  const day = [28, 29, 30, 31, 1][Math.floor(r() * 5)]!;
  const at = Date.UTC(d.getUTCFullYear(), r() < 0.3 ? 1 : d.getUTCMonth(), day);
  return at + Math.floor(r() * DAY);
}

describe('the scale builder’s fast rows', () => {
  it('formats instants as toISOString does', () => {
    const r = random(7);
    for (let i = 0; i < 30_000; i++) {
      const ms = i < 10 ? i * DAY - (i ? 1 : 0) : r() * Date.UTC(2200, 0, 1);
      expect(isoAt(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('writes the same UUIDv7 text as the generator’s former hex formatting', () => {
    const hex = (n: number, len: number) => n.toString(16).padStart(len, '0');
    const former = (ms: number, a: number, b: number, c: number) => {
      const t = hex(Math.floor(ms), 12);
      return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${hex(a & 0xfff, 3)}-${hex(0x8000 | ((a >>> 16) & 0x3fff), 4)}-${hex(b, 8)}${hex(c & 0xffff, 4)}`;
    };
    const r = random(11);
    const word = () => Math.floor(r() * 4294967296) >>> 0;
    for (let i = 0; i < 30_000; i++) {
      const ms = r() * Date.UTC(2100, 0, 1);
      const [a, b, c] =
        i === 0
          ? [0, 0, 0]
          : i === 1
            ? [2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1]
            : [word(), word(), word()];
      expect(uuidAt(ms, a!, b!, c!)).toBe(former(ms, a!, b!, c!));
    }
  });

  it('adds calendar months as addCalendarMonths does (clamped to the month’s end)', () => {
    const r = random(3);
    for (let i = 0; i < 30_000; i++) {
      const ms = Math.floor(instant(r));
      const months = [0, 1, 3, 6, 10, 12, 24, -12, 13][i % 9]!;
      expect(addMonthsMs(ms, months)).toBe(addCalendarMonths(new Date(ms), months).getTime());
    }
  });

  it('pushes the same tree_care_due rows as the repository’s careDueRowsOf', () => {
    const r = random(5);
    const from = Date.UTC(2026, 10, 28, 6, 30);
    const maybe = (after: number, p = 0.5) =>
      r() < p ? Math.floor(after + r() * (from - after) * 1.2 - r() * 30 * DAY) : null;
    let rows = 0;
    for (let i = 0; i < 20_000; i++) {
      const planted = Math.floor(r() < 0.5 ? from - r() * 3 * 365 * DAY : instant(r));
      const created = Math.floor(
        planted + (r() < 0.2 ? -DAY * r() : r() * (r() < 0.5 ? DAY : 400 * DAY)),
      );
      const input: CareInput = {
        id: `tree-${i}`,
        ownerId: `owner-${i % 7}`,
        planted,
        created,
        measured: maybe(planted),
        measuredAt: null,
        checked: maybe(planted, 0.9),
        checkedAt: null,
        watered: maybe(planted, 0.3),
        wateredAt: null,
        weeded: maybe(planted, 0.3),
        weededAt: null,
        mulched: maybe(planted, 0.3),
        mulchedAt: null,
      };
      const text = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
      input.measuredAt = text(input.measured);
      input.checkedAt = text(input.checked);
      input.wateredAt = text(input.watered);
      input.weededAt = text(input.weeded);
      input.mulchedAt = text(input.mulched);
      const pushed: unknown[] = [];
      const n = pushCareDue(pushed, input, from);
      const expected = careDueRowsOf(
        {
          id: input.id,
          owner_id: input.ownerId,
          planted_at: new Date(planted).toISOString(),
          created_at: new Date(created).toISOString(),
          last_measured_at: input.measuredAt,
          last_checked_at: input.checkedAt,
          last_watered: input.wateredAt,
          last_weeded: input.weededAt,
          last_mulched: input.mulchedAt,
        },
        new Date(from).toISOString(),
      ).map((d) => [d.tree_id, d.rule, d.owner_id, d.task, d.due_at, d.closes_at, d.last_done_at]);
      expect(n).toBe(expected.length);
      expect(pushed).toEqual(expected.flat());
      rows += n;
    }
    // Old trees keep two rules, young ones up to six: both kinds were tried.
    expect(rows).toBeGreaterThan(20_000 * 2);
  });
});
