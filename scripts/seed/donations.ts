import { DONATION_MESSAGES } from '../../contract/donations';
import type { DonationRow, NewDonation } from '../../server/db/tables';
import { newId } from '../../server/lib/ids';
import { donationsRepository } from '../../server/modules/donations/donations.repository';
import type { PaymentEvent } from '../../server/modules/payments/payment-provider';
import { testPaymentEvent } from '../../server/modules/payments/test-provider';
import type { Seeder } from './context';
import type { SeededDrive } from './drives';
import { localTimeAfter } from './local-time';
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
 * Gifts as the test checkout leaves them: a pending donation, then the provider's event through
 * `payments.fulfil` at the moment it was paid, so receipt numbers, paid dates and the donor's and
 * organiser's notices come from the real fulfilment path. A few cards are declined, one gift is
 * refunded and a couple of checkouts are still open.
 */
export async function makeDonations(
  seeder: Seeder,
  people: Map<string, Person>,
  drives: SeededDrive[],
): Promise<DonationCounts> {
  const { ctx, now } = seeder;
  const { currency, treePrice } = ctx.config.donations;
  const repo = donationsRepository(ctx.database.db);
  const r = rng(4242);
  const donors = [...people.values()].filter((p) => p.profile_type !== 'nursery');
  const counts: DonationCounts = { donations: 0, paid: 0 };
  let refunded = false;
  let settled = 0;

  for (const donor of donors) {
    const corporate = donor.profile_type === 'corporate';
    for (let i = r.int(2, corporate ? 5 : 4); i > 0; i--) {
      // A drive that was announced before the gift (and had not ended long before), or the fund.
      const general = r.chance(0.2);
      const options = drives.filter(
        (d) => Date.parse(d.row.created_at) > donor.joinedAt && d.row.organizer_id !== donor.id,
      );
      const drive = general || options.length === 0 ? null : r.pick(options);
      const from = Math.max(donor.joinedAt, drive ? Date.parse(drive.row.created_at) : 0) + DAY_MS;
      const to = Math.min(
        now - 3_600_000,
        drive ? Date.parse(drive.row.starts_at) + 20 * DAY_MS : now,
      );
      if (from >= to) continue;
      const zone = drive?.timeZone ?? 'UTC';
      const day = Math.floor((r() * (to - from)) / DAY_MS);
      const createdAt = Math.min(
        to,
        localTimeAfter(from, day, r.int(8, 21), r.int(0, 59), zone).getTime(),
      );
      const trees = r.chance(0.45);
      const treeCount = corporate ? r.pick([25, 50, 100, 200]) : r.pick([1, 2, 5, 10, 12]);
      const cashMajor = corporate ? r.pick([500, 1000, 2500, 5000]) : r.pick([10, 20, 25, 50, 100]);
      const row: NewDonation = {
        id: newId(createdAt),
        donor_id: donor.id,
        drive_id: drive?.row.id ?? null,
        kind: trees ? 'trees' : 'cash',
        trees: trees ? treeCount : 0,
        amount_minor: trees ? treeCount * treePrice : cashMajor * 100,
        currency,
        category: trees
          ? 'Trees'
          : r.pick(['Planting-Ops', 'Land', 'Media', 'Institution/Research']),
        message: r.pick(MESSAGES),
        anonymous: r.chance(0.15) ? 1 : 0,
        status: 'pending',
        provider: 'test',
        checkout_session_id: `cs_test_${newId(createdAt)}`,
        payment_ref: null,
        receipt_number: null,
        failure_reason: null,
        created_at: new Date(createdAt).toISOString(),
        paid_at: null,
        updated_at: new Date(createdAt).toISOString(),
      };
      await repo.insert(row);
      counts.donations++;
      // The newest checkouts may still be open; now and then a card is declined.
      if (now - createdAt < 2 * DAY_MS && r.chance(0.5)) continue;
      const donation = (await repo.findById(row.id))!;
      // About one card in eleven is declined (counted, so every demo has some).
      const declined = ++settled % 11 === 5;
      const outcome = declined
        ? {
            paid: false as const,
            reason: r.pick([DONATION_MESSAGES.cardDeclined, DONATION_MESSAGES.insufficientFunds]),
          }
        : { paid: true as const };
      const paidAt = createdAt + r.int(2, 9) * 60_000;
      await seeder.at(paidAt, () => ctx.payments.fulfil(testPaymentEvent(donation, outcome)));
      if (!declined) counts.paid++;
      if (!declined && !refunded && !corporate && now - paidAt > 30 * DAY_MS) {
        refunded = true;
        const paid = (await repo.findById(row.id))!;
        await seeder.at(paidAt + 3 * DAY_MS, () => ctx.payments.fulfil(refundEvent(paid)));
        counts.paid--;
      }
    }
  }
  // Someone is at the checkout right now: an open, pending gift to the next drive.
  const next = drives
    .filter((d) => Date.parse(d.row.starts_at) > now)
    .sort((a, b) => a.row.starts_at.localeCompare(b.row.starts_at))[0];
  const payer = people.get('wanjiru');
  if (next && payer) {
    const at = new Date(now - 40 * 60_000).toISOString();
    await repo.insert({
      id: newId(now - 40 * 60_000),
      donor_id: payer.id,
      drive_id: next.row.id,
      kind: 'trees',
      trees: 3,
      amount_minor: 3 * treePrice,
      currency,
      category: 'Trees',
      message: null,
      anonymous: 0,
      status: 'pending',
      provider: 'test',
      checkout_session_id: `cs_test_${newId()}`,
      payment_ref: null,
      receipt_number: null,
      failure_reason: null,
      created_at: at,
      paid_at: null,
      updated_at: at,
    });
    counts.donations++;
  }
  return counts;
}

/** A refund as the provider reports it: it names the payment, not the checkout. */
function refundEvent(donation: DonationRow): PaymentEvent {
  return {
    provider: 'test',
    id: `evt_test_${newId()}`,
    type: 'charge.refunded',
    outcome: 'refunded',
    sessionId: null,
    paymentRef: donation.payment_ref,
    donationId: donation.id,
    amount: donation.amount_minor,
    currency: donation.currency,
    failureReason: null,
  };
}
