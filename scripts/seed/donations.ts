import { DONATION_MESSAGES } from '../../contract/donations';
import { donationsRepository } from '../../server/modules/donations/donations.repository';
import { testPaymentEvent, testReversalEvent } from '../../server/modules/payments/test-provider';
import { addInterval } from '../../server/modules/donations/recurring-fulfilment';
import type { Seeder } from './context';
import type { SeededDrive } from './drives';
import { localTimeAfter } from './local-time';
import type { Timeline } from './timeline';
import type { Person } from './people';
import { DAY_MS, rng } from './random';

const MESSAGES = [
  'For the saplings, and the people who water them.',
  'In memory of my grandmother, who planted a mango for each grandchild.',
  'Happy to help. See you at the next drive!',
  'From the whole team, with thanks.',
  'Shade for the kids.',
  null,
  null,
];

export interface DonationCounts {
  donations: number;
  paid: number;
}

/**
 * Gifts as donors make them: `donations.create` (priced by the server, at the nursery's sapling
 * price where one supplies the drive), then the test checkout's event through `payments.fulfil`
 * minutes later, so receipt numbers, paid dates and the donor's and
 * organiser's notices come from the real fulfilment path. A few cards are declined, one gift is
 * refunded and a couple of checkouts are still open. Planned here, run on the story's timeline
 * (`steps`), so a drive's gifts are paid before its trees are registered and allocated to them.
 */
export function planDonations(
  seeder: Seeder,
  people: Map<string, Person>,
  drives: SeededDrive[],
  steps: Timeline,
): DonationCounts {
  const { ctx, now } = seeder;
  const repo = donationsRepository(ctx.database.db);
  const r = rng(4242);
  const donors = [...people.values()].filter((p) => p.profile_type !== 'nursery');
  const counts: DonationCounts = { donations: 0, paid: 0 };
  let refunded = false;
  let settled = 0;

  for (const donor of donors) {
    const corporate = donor.profile_type === 'corporate';
    for (let i = r.int(2, corporate ? 5 : 4); i > 0; i--) {
      const general = r.chance(0.2);
      // A drive announced while the donor was a member; gifts to a drive close when it starts.
      const options = drives.filter(
        (d) => Date.parse(d.row.created_at) > donor.joinedAt && d.row.organizer_id !== donor.id,
      );
      const drive = general || options.length === 0 ? null : r.pick(options);
      const from = Math.max(donor.joinedAt, drive ? Date.parse(drive.row.created_at) : 0) + DAY_MS;
      const to = Math.min(now, drive ? Date.parse(drive.row.starts_at) : now) - 3_600_000;
      if (from >= to) continue;
      const zone = drive?.timeZone ?? 'UTC';
      const day = Math.floor((r() * (to - from)) / DAY_MS);
      const createdAt = Math.min(
        to,
        localTimeAfter(from, day, r.int(8, 21), r.int(0, 59), zone).getTime(),
      );
      const trees = r.chance(0.45);
      const message = r.pick(MESSAGES);
      const input = {
        ...(trees
          ? {
              kind: 'trees' as const,
              trees: corporate ? r.pick([25, 50, 100, 200]) : r.pick([1, 2, 5, 10, 12]),
            }
          : {
              kind: 'cash' as const,
              amount:
                (corporate ? r.pick([500, 1000, 2500, 5000]) : r.pick([10, 20, 25, 50, 100])) * 100,
            }),
        driveId: drive?.row.id ?? null,
        category: trees
          ? ('Trees' as const)
          : r.pick(['Planting-Ops', 'Land', 'Media', 'Institution/Research'] as const),
        ...(message ? { message } : {}),
        anonymous: r.chance(0.15),
      };
      let id = '';
      steps.add(createdAt, async () => {
        const { donation } = await seeder.at(createdAt, () => ctx.donations.create(donor, input));
        id = donation.id;
        counts.donations++;
      });
      // The newest checkouts may still be open; now and then a card is declined.
      if (now - createdAt < 2 * DAY_MS && r.chance(0.5)) continue;
      // About one card in eleven is declined (counted, so every demo has some).
      const declined = ++settled % 11 === 5;
      const outcome = declined
        ? {
            paid: false as const,
            reason: r.pick([DONATION_MESSAGES.cardDeclined, DONATION_MESSAGES.insufficientFunds]),
          }
        : { paid: true as const };
      const paidAt = createdAt + r.int(2, 9) * 60_000;
      steps.add(paidAt, async () => {
        const donation = (await repo.findById(id))!;
        await seeder.at(paidAt, () => ctx.payments.fulfil(testPaymentEvent(donation, outcome)));
        if (!declined) counts.paid++;
      });
      if (!declined && !refunded && !corporate && now - paidAt > 30 * DAY_MS) {
        refunded = true;
        steps.add(paidAt + 3 * DAY_MS, async () => {
          const paid = (await repo.findById(id))!;
          await seeder.at(paidAt + 3 * DAY_MS, () =>
            ctx.payments.fulfil(testReversalEvent(paid, 'refund')),
          );
          counts.paid--;
        });
      }
    }
  }
  // Someone is at the checkout right now: an open, pending gift to the next drive.
  const next = drives
    .filter((d) => Date.parse(d.row.starts_at) > now)
    .sort((a, b) => a.row.starts_at.localeCompare(b.row.starts_at))[0];
  const payer = people.get('wanjiru');
  if (next && payer) {
    steps.add(now - 40 * 60_000, async () => {
      await seeder.at(now - 40 * 60_000, () =>
        ctx.donations.create(payer, {
          kind: 'trees',
          trees: 3,
          driveId: next.row.id,
          category: 'Trees',
        }),
      );
      counts.donations++;
    });
  }
  planRecurringGifts(seeder, people, steps, counts);
  // Counted as the steps run.
  return counts;
}

/**
 * Issue 22: a few members give every month or year, started through `donations.recurring.create`
 * and its first payment's test checkout, then renewed by the test provider's schedule
 * (`payments.renewTestGifts`) at each due time; one monthly gift is paused past today and one is
 * cancelled at the end of its period, so Billing shows every state.
 */
function planRecurringGifts(
  seeder: Seeder,
  people: Map<string, Person>,
  steps: Timeline,
  counts: DonationCounts,
) {
  const { ctx, now } = seeder;
  const repo = donationsRepository(ctx.database.db);
  const plans = [
    { who: 'asha', input: { kind: 'trees', trees: 2, interval: 'month' }, months: 10 },
    { who: 'greenleaf', input: { kind: 'cash', amount: 120_000, interval: 'year' }, months: 14 },
    {
      who: 'wanjiru',
      input: { kind: 'cash', amount: 1_500, interval: 'month' },
      months: 6,
      pauseDaysAgo: 20,
    },
    { who: 'priya', input: { kind: 'trees', trees: 1, interval: 'month' }, months: 4, end: true },
  ] as const;
  const renewals = new Set<number>();
  for (const plan of plans) {
    const donor = people.get(plan.who);
    if (!donor) continue;
    const startedAt = Math.max(
      donor.joinedAt + 2 * DAY_MS,
      addMonths(now, -plan.months) + 6 * DAY_MS,
    );
    let giftId = '';
    steps.add(startedAt, async () => {
      const started = await seeder.at(startedAt, () =>
        ctx.donations.recurring.create(donor, { ...plan.input }),
      );
      giftId = started.id;
      counts.donations++;
      const paidAt = startedAt + 4 * 60_000;
      const first = (await repo.findById(started.donationId))!;
      await seeder.at(paidAt, () => ctx.payments.fulfil(testPaymentEvent(first, { paid: true })));
      counts.paid++;
    });
    const step = plan.input.interval === 'month' ? 1 : 12;
    for (let k = step; addMonths(startedAt, k) < now; k += step)
      renewals.add(addMonths(startedAt, k) + 30 * 60_000);
    if ('pauseDaysAgo' in plan) {
      const at = now - plan.pauseDaysAgo * DAY_MS;
      steps.add(at, async () => {
        const until = new Date(now + 25 * DAY_MS).toISOString().slice(0, 10);
        await seeder.at(at, () =>
          ctx.donations.recurring.update(donor, giftId, { pauseUntil: until }),
        );
      });
    }
    if ('end' in plan) {
      const at = now - 5 * DAY_MS;
      steps.add(at, async () => {
        await seeder.at(at, () =>
          ctx.donations.recurring.update(donor, giftId, { cancel: 'period_end' }),
        );
      });
    }
  }
  // The test provider's billing engine, at each due time (a schedule in the app).
  for (const at of renewals)
    steps.add(at, async () => {
      const renewed = await seeder.at(at, () => ctx.payments.renewTestGifts());
      counts.paid += renewed;
      counts.donations += renewed;
    });
}

/** `ms` moved by whole months (UTC, the day kept where the month has it). */
const addMonths = (ms: number, months: number) =>
  Date.parse(addInterval(new Date(ms).toISOString(), 'month', months));
