import type { Insertable } from 'kysely';
import type { DonationGiftsTable, DonationGiftRow } from '../../db/tables';
import type { Executor } from '../../db/unit-of-work';

/** A gift with what its donation says of it (payment, drive, donor, planted count). */
export type GiftWithDonation = DonationGiftRow & {
  donor_id: string;
  drive_id: string | null;
  status: string;
  anonymous: 0 | 1;
  paid_at: string | null;
  planted_trees: number;
  donation_trees: number;
};

/** All SQL of `donation_gifts` (issue 19 §5), on its own table and donations only. */
export function donationGiftsRepository(db: Executor) {
  const withDonation = () =>
    db
      .selectFrom('donation_gifts as g')
      .innerJoin('donations as d', 'd.id', 'g.donation_id')
      .selectAll('g')
      .select([
        'd.donor_id',
        'd.drive_id',
        'd.status',
        'd.anonymous',
        'd.paid_at',
        'd.planted_trees',
        'd.trees as donation_trees',
      ]);

  /** The shares of paid tree gifts the member claimed, with their donations (a query to build on). */
  const claimedTreeGifts = (userId: string) =>
    db
      .selectFrom('donation_gifts as g')
      .innerJoin('donations as d', 'd.id', 'g.donation_id')
      .where('g.claimed_by', '=', userId)
      .where('d.kind', '=', 'trees')
      .where('d.status', '=', 'paid');

  /** The drives of the member's received gifts, latest payment first (a query to run or nest). */
  const receivedDrives = (userId: string, limit: number) =>
    db
      .selectFrom('donation_gifts as g')
      .innerJoin('donations as d', 'd.id', 'g.donation_id')
      .where('g.claimed_by', '=', userId)
      .where('d.status', '=', 'paid')
      .where('d.drive_id', 'is not', null)
      .select((eb) => ['d.drive_id', eb.fn.max('d.paid_at').as('paid_at')])
      .groupBy('d.drive_id')
      .orderBy((eb) => eb.fn.max('d.paid_at'), 'desc')
      .limit(limit);

  /**
   * `receivedPage` as the forest shows it (a query to nest): each received gift under its
   * donation's id, with its share's trees and position.
   */
  const receivedForestPage = (
    userId: string,
    before: { paidAt: string; id: string } | undefined,
    limit: number,
  ) =>
    claimedTreeGifts(userId)
      .select([
        'g.donation_id as id',
        'd.donor_id',
        'd.drive_id',
        'g.trees',
        'd.planted_trees',
        'd.paid_at',
        'g.created_at',
        'g.position',
      ])
      .$if(before !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('d.paid_at', '<', before!.paidAt),
            eb.and([eb('d.paid_at', '=', before!.paidAt), eb('d.id', '<', before!.id)]),
          ]),
        ),
      )
      .orderBy('d.paid_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit);

  return {
    async insertMany(rows: Insertable<DonationGiftsTable>[]): Promise<void> {
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < rows.length; i += 50)
        await db
          .insertInto('donation_gifts')
          .values(rows.slice(i, i + 50))
          .execute();
    },

    byId: (id: string) =>
      withDonation().where('g.id', '=', id).executeTakeFirst() as Promise<
        GiftWithDonation | undefined
      >,

    byCodeHash: (hash: string) =>
      withDonation().where('g.code_hash', '=', hash).executeTakeFirst() as Promise<
        GiftWithDonation | undefined
      >,

    /** Every gift of a donation, in order (what fulfilment mails). */
    ofDonation: (donationId: string) =>
      db
        .selectFrom('donation_gifts')
        .selectAll()
        .where('donation_id', '=', donationId)
        .orderBy('position')
        .execute(),

    /** A page of a donation's gifts after `position`, in order. */
    pageOfDonation: (donationId: string, afterPosition: number, limit: number) =>
      db
        .selectFrom('donation_gifts')
        .selectAll()
        .where('donation_id', '=', donationId)
        .where('position', '>', afterPosition)
        .orderBy('position')
        .limit(limit)
        .execute(),

    async countsOfDonation(donationId: string): Promise<{ total: number; claimed: number }> {
      const row = await db
        .selectFrom('donation_gifts')
        .where('donation_id', '=', donationId)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('claimed_by').as('claimed'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), claimed: Number(row.claimed) };
    },

    /** True when this member already claimed a gift of the donation. */
    async hasClaimedOf(donationId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('donation_gifts')
        .select('id')
        .where('donation_id', '=', donationId)
        .where('claimed_by', '=', userId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Claims the gift if its code is still this one and nobody claimed it: true when this did. */
    async claim(id: string, codeHash: string, userId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('donation_gifts')
        .set({ claimed_by: userId, claimed_at: at })
        .where('id', '=', id)
        .where('code_hash', '=', codeHash)
        .where('claimed_by', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    addClaimedTrees: (donationId: string, trees: number) =>
      db
        .updateTable('donations')
        .set((eb) => ({ claimed_trees: eb('claimed_trees', '+', trees) }))
        .where('id', '=', donationId)
        .execute(),

    markSent: (id: string, version: number, at: string) =>
      db
        .updateTable('donation_gifts')
        .set({ sent_at: at })
        .where('id', '=', id)
        .where('code_version', '=', version)
        .execute(),

    /** Paid, unclaimed gifts with an email whose day has come and whose mail was not queued. */
    due: (today: string, limit: number) =>
      db
        .selectFrom('donation_gifts as g')
        .innerJoin('donations as d', 'd.id', 'g.donation_id')
        .selectAll('g')
        .where('g.sent_at', 'is', null)
        .where('g.send_on', '<=', today)
        .where('g.recipient_email', 'is not', null)
        .where('g.claimed_by', 'is', null)
        .where('d.status', '=', 'paid')
        .orderBy('g.send_on')
        .orderBy('g.id')
        .limit(limit)
        .execute(),

    /** Their mail is queued: the schedule does not queue it again (the job sets the sent time). */
    markQueued: (ids: string[], at: string) =>
      db.updateTable('donation_gifts').set({ sent_at: at }).where('id', 'in', ids).execute(),

    /** A new code (the old one stops working) and the resend counted in its hour window. */
    async rotate(
      id: string,
      from: { version: number },
      to: { version: number; hash: string; resends: number; windowAt: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('donation_gifts')
        .set({
          code_version: to.version,
          code_hash: to.hash,
          resends: to.resends,
          resend_window_at: to.windowAt,
        })
        .where('id', '=', id)
        .where('code_version', '=', from.version)
        .where('claimed_by', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gifts a member claimed, of paid donations, newest payment first, after (paidAt, id). */
    async receivedPage(
      userId: string,
      before: { paidAt: string; id: string } | undefined,
      limit: number,
    ) {
      let query = withDonation()
        .where('g.claimed_by', '=', userId)
        .where('d.kind', '=', 'trees')
        .where('d.status', '=', 'paid');
      if (before)
        query = query.where((eb) =>
          eb.or([
            eb('d.paid_at', '<', before.paidAt),
            eb.and([eb('d.paid_at', '=', before.paidAt), eb('d.id', '<', before.id)]),
          ]),
        );
      return (await query
        .orderBy('d.paid_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute()) as GiftWithDonation[];
    },

    /** Received gifts of paid donations: how many and their trees (one aggregate). */
    async receivedTotals(userId: string): Promise<{ gifts: number; trees: number }> {
      const row = await claimedTreeGifts(userId)
        .select((eb) => [
          eb.fn.countAll<number>().as('gifts'),
          eb.fn.coalesce(eb.fn.sum<number>('g.trees'), eb.lit(0)).as('trees'),
        ])
        .executeTakeFirstOrThrow();
      return { gifts: Number(row.gifts), trees: Number(row.trees) };
    },

    /** Rows that planted counts need: position and trees of received gifts (for planted shares). */
    async receivedShares(userId: string) {
      return claimedTreeGifts(userId)
        .select(['g.position', 'g.trees', 'd.planted_trees'])
        .execute();
    },

    /** Drives of a member's received paid gifts. */
    async receivedDriveIds(userId: string, limit: number): Promise<string[]> {
      const rows = await receivedDrives(userId, limit).execute();
      return rows.flatMap((r) => (r.drive_id ? [r.drive_id] : []));
    },

    claimedTreeGifts,
    receivedDrives,
    receivedForestPage,

    /** The gift a member claimed of a donation (the certificate names its recipient). */
    claimedBy: (donationId: string, userId: string) =>
      db
        .selectFrom('donation_gifts')
        .selectAll()
        .where('donation_id', '=', donationId)
        .where('claimed_by', '=', userId)
        .executeTakeFirst(),
  };
}
export type DonationGiftsRepository = ReturnType<typeof donationGiftsRepository>;

/** The planted trees of a gift's share: gift n holds trees n·t … (n+1)·t − 1 of its donation. */
export const plantedShare = (position: number, trees: number, planted: number) =>
  Math.max(0, Math.min(trees, Number(planted) - position * trees));
