import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { statsService, type StatsPorts } from './stats.service';
import { buildConfig } from '../../config';
import { buildTestApp } from '../../../tests/support/test-app';

const NOW = '2026-11-21T12:00:00.000Z';

// Money raised is kept in minor units of the donation currency; the answer must name that currency.
function serviceIn(currency?: string) {
  const ports = {
    donations: { totals: async () => ({ treesDonated: 0, moneyRaisedMinor: 125_000 }) },
    drives: {
      communityCounts: async () => ({ drivesCreated: 0, countries: 0 }),
      volunteerHours: async () => 0,
      drivesPerCountry: async () => [],
    },
    users: { memberCount: async () => 0 },
    trees: {
      communityImpact: async () => ({
        treesRegistered: 0,
        co2Kg: { low: 0, mid: 0, high: 0 },
        o2Kg: { low: 0, mid: 0, high: 0 },
      }),
      communityTreeCounts: async () => ({
        treesPlanted: 0,
        treesAliveChecked: 0,
        treesVerified: 0,
        alive: 0,
      }),
      unconfirmedImpact: async () => ({
        plants: 0,
        co2Kg: { low: 0, mid: 0, high: 0 },
        o2Kg: { low: 0, mid: 0, high: 0 },
        at: NOW,
      }),
    },
  } as unknown as StatsPorts;
  return statsService(ports, fixedClock(NOW), currency ? { currency } : undefined);
}

describe('statsService currency', () => {
  it.each(['JPY', 'BHD', 'EUR'])('answers the configured currency (%s)', async (currency) => {
    const stats = await serviceIn(currency).impact();
    expect(stats.currency).toBe(currency);
    expect(stats.moneyRaisedMinor).toBe(125_000);
  });

  it("answers config's default (USD) when no currency is given", async () => {
    expect((await serviceIn().impact()).currency).toBe('USD');
  });
});

describe('GET /api/stats currency', () => {
  it('names the configured DONATION_CURRENCY', async () => {
    const base = buildConfig();
    const t = await buildTestApp(
      { name: 'sqlite' },
      { config: { donations: { ...base.donations, currency: 'JPY' } } },
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/stats' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.currency).toBe('JPY');
    } finally {
      await t.close();
    }
  });
});
