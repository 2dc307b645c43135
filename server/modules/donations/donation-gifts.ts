import { createHmac } from 'node:crypto';
import { giftStatusOf } from '../../../contract/forest';
import {
  claimPath,
  GIFT_LIMITS,
  GIFT_MESSAGES,
  utcDay,
  type DonationGift,
  type DonationGifts,
  type DonationGiftsQuery,
  type GiftPreview,
} from '../../../contract/gifts';
import type { DonationGiftRow, DonationRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { translator } from '../../lib/i18n';
import { composeMail, mailLayout, type MailAttachment } from '../../lib/mailer';
import { hashSecretToken, SECRET_TOKEN_PATTERN } from '../../lib/secret-tokens';
import type { SessionUser } from '../auth/auth.service';
import type { CertificatePorts, GiftDrive } from './donation-certificates';
import { treesText } from './donation-mapper';
import { donationGiftsRepository, plantedShare } from './donation-gifts.repository';

/** The job that mails one gift to its recipient (`{ giftId, version }`), on its day. */
export const GIFT_MAIL_JOB = 'tree-gift-mail';
/** The attachment kind of a recipient's certificate (`id`: the gift's id). */
export const GIFT_CERTIFICATE_ATTACHMENT = 'gift-certificate';

/** One recipient of a new gift (a single gift or a row of a corporate batch). */
export interface NewGiftRecipient {
  name: string;
  email?: string | null;
  message?: string | null;
  sendOn?: string | null;
}

export interface DonationGiftsDeps {
  uow: UnitOfWork;
  clock: Clock;
  jobs: JobsPort;
  mail: MailQueue;
  appUrl: string;
  /** The session secret: claim codes are derived from it (see `codeOf`). */
  secret: string;
  person: CertificatePorts['person'];
  drive: (driveId: string, viewerId: string) => Promise<GiftDrive | null>;
  /** The donation when its donor is this member (404 otherwise). */
  requireOwned: (user: SessionUser, id: string) => Promise<DonationRow>;
  /** Whoever holds the gift's planted trees hears a whole gift was claimed (in the claim's tx). */
  giftClaimed: (tx: Tx, claim: { donationId: string; claimerId: string }) => Promise<void>;
  /** The recipient's certificate (donation-certificates.ts). */
  certificate: (
    donationId: string,
    gift: { recipient_name: string; trees: number },
  ) => Promise<MailAttachment | null>;
}

/** Gifts the daily schedule queues per transaction. */
const DUE_BATCH = 200;

const displayName = (p: { name: string | null; username: string }) => p.name?.trim() || p.username;

/**
 * Trees given to someone (issue 19 §5): gift rows written with their donation, mailed after the
 * payment on their day with the recipient's certificate and a claim link, previewed without a
 * session and claimed once into the claimer's forest.
 *
 * A claim code is 256 bits derived from the session secret, the gift and its code version
 * (HMAC-SHA256, base64url), like the calendar feed's address: the database keeps only its SHA-256,
 * yet the giver of a gift without an email can be shown the same link again (success page,
 * receipt, Transactions). A resend moves the version: a new code, the old one stops working.
 */
export function donationGifts(deps: DonationGiftsDeps) {
  const { uow, clock } = deps;
  const repo = donationGiftsRepository(uow.db);
  const key = createHmac('sha256', deps.secret).update('canopy gift claim codes v1').digest();
  const codeOf = (giftId: string, version: number) =>
    createHmac('sha256', key).update(`${giftId}:${version}`).digest('base64url');
  const claimUrl = (gift: Pick<DonationGiftRow, 'id' | 'code_version'>) =>
    `${deps.appUrl.replace(/\/+$/, '')}${claimPath(codeOf(gift.id, gift.code_version))}`;
  const nowIso = () => clock.now().toISOString();

  /** The giver's own view of one gift; the link only when they pass it on themselves. */
  function toGift(row: DonationGiftRow, paid: boolean): DonationGift {
    return {
      id: row.id,
      recipientName: row.recipient_name,
      recipientEmail: row.recipient_email,
      trees: Number(row.trees),
      sendOn: row.send_on,
      sentAt: row.sent_at,
      claimed: row.claimed_by !== null,
      claimedAt: row.claimed_at,
      claimUrl: paid && !row.recipient_email && !row.claimed_by ? claimUrl(row) : null,
    };
  }

  /**
   * The mail job for a gift's current code, now. A gift for a later day is left to the daily
   * schedule (`sendDueGifts`), which reads the day from the app's clock.
   */
  async function queueMail(tx: Tx, gift: DonationGiftRow) {
    await deps.jobs.enqueue(
      tx,
      GIFT_MAIL_JOB,
      { giftId: gift.id, version: Number(gift.code_version) },
      { key: `gift-mail:${gift.id}:${gift.code_version}` },
    );
  }

  async function lookUp(code: string) {
    if (!SECRET_TOKEN_PATTERN.test(code)) throw notFound(GIFT_MESSAGES.notFound);
    const hash = hashSecretToken(code);
    return { hash, gift: await repo.byCodeHash(hash) };
  }

  return {
    /** Writes the gift rows of a new (pending) donation, in its transaction. */
    async insertGifts(
      tx: Tx,
      donationId: string,
      treesEach: number,
      recipients: ReadonlyArray<NewGiftRecipient>,
    ): Promise<void> {
      const at = nowIso();
      await donationGiftsRepository(tx.db).insertMany(
        recipients.map((r, position) => {
          const id = newId();
          return {
            id,
            donation_id: donationId,
            position,
            trees: treesEach,
            recipient_name: r.name.trim(),
            recipient_email: r.email?.trim() || null,
            message: r.message?.trim() || null,
            send_on: r.sendOn || null,
            code_hash: hashSecretToken(codeOf(id, 0)),
            created_at: at,
          };
        }),
      );
    },

    /**
     * In the transaction that makes a donation paid: each recipient's mail is queued for its day;
     * answers the links of gifts without an email, for the giver's receipt.
     */
    async onPaid(tx: Tx, donationId: string): Promise<Array<{ name: string; url: string }>> {
      const gifts = await donationGiftsRepository(tx.db).ofDonation(donationId);
      const links: Array<{ name: string; url: string }> = [];
      const today = utcDay(clock.now());
      for (const gift of gifts) {
        if (gift.claimed_by) continue;
        if (!gift.recipient_email) links.push({ name: gift.recipient_name, url: claimUrl(gift) });
        else if (!gift.send_on || gift.send_on <= today) await queueMail(tx, gift);
      }
      return links;
    },

    /**
     * The daily schedule: queues the mail of every paid, unclaimed gift whose day has come and
     * that was not sent yet (a job run twice sends once: the mail is keyed by gift and code).
     */
    async sendDueGifts(): Promise<number> {
      const today = utcDay(clock.now());
      let count = 0;
      for (;;) {
        const due = await repo.due(today, DUE_BATCH);
        if (due.length === 0) break;
        await uow.withTransaction(async (tx) => {
          for (const gift of due) await queueMail(tx, gift);
          await donationGiftsRepository(tx.db).markQueued(
            due.map((g) => g.id),
            nowIso(),
          );
        });
        count += due.length;
        if (due.length < DUE_BATCH) break;
      }
      return count;
    },

    /** The mail job: sends the gift with its current code, unless claimed, replaced or unpaid. */
    async sendGiftMail(payload: unknown): Promise<void> {
      const { giftId, version } = (payload ?? {}) as { giftId?: string; version?: number };
      if (typeof giftId !== 'string' || typeof version !== 'number') return;
      // Names and the drive are read first: on SQLite a read outside the open transaction waits.
      const seen = await repo.byId(giftId);
      if (!seen || !seen.recipient_email || seen.claimed_by || seen.status !== 'paid') return;
      // The mail speaks the giver's language (the recipient may have no account), even when anonymous.
      const donor = await deps.person(seen.donor_id);
      const giver = seen.anonymous !== 1 && donor && !donor.deletedAt ? displayName(donor) : null;
      const drive = seen.drive_id ? await deps.drive(seen.drive_id, seen.donor_id) : null;
      await uow.withTransaction(async (tx) => {
        const gifts = donationGiftsRepository(tx.db);
        const gift = await gifts.byId(giftId);
        if (!gift || !gift.recipient_email || gift.claimed_by) return;
        if (Number(gift.code_version) !== version || gift.status !== 'paid') return;
        if (gift.send_on && gift.send_on > utcDay(clock.now()) && !gift.resend_window_at) return;
        const url = claimUrl(gift);
        const t = translator(donor?.locale, 'mail-donations');
        const words = { name: gift.recipient_name, giver, trees: treesText(gift.trees, t) };
        const intro = giver
          ? drive
            ? t('treeGift.intro', { ...words, drive: drive.name })
            : t('treeGift.introGeneralFund', words)
          : drive
            ? t('treeGift.introAnonymous', { ...words, drive: drive.name })
            : t('treeGift.introAnonymousGeneralFund', words);
        await deps.mail.send(
          tx,
          composeMail(
            gift.recipient_email,
            giver ? t('treeGift.subject', words) : t('treeGift.subjectAnonymous', words),
            [
              intro,
              ...(gift.message ? [t('treeGift.message', { message: gift.message })] : []),
              t('treeGift.howTo'),
            ],
            { label: t('treeGift.button'), value: url, href: url },
            mailLayout(translator(t.locale, 'mail')),
          ),
          {
            key: `gift-mail:${gift.id}:${version}`,
            attachments: [{ kind: GIFT_CERTIFICATE_ATTACHMENT, id: gift.id }],
          },
        );
        await gifts.markSent(gift.id, version, nowIso());
      });
    },

    /** The recipient's certificate as a mail attachment (made when the mail is sent). */
    async giftAttachment(giftId: string): Promise<MailAttachment | null> {
      const gift = await repo.byId(giftId);
      return gift ? deps.certificate(gift.donation_id, gift) : null;
    },

    /** What a claim link shows before signing in: never the donor's email, nor the code. */
    async preview(code: string): Promise<GiftPreview> {
      const { gift } = await lookUp(code);
      if (!gift) throw notFound(GIFT_MESSAGES.notFound);
      if (gift.status === 'refunded') throw conflict(GIFT_MESSAGES.refunded);
      if (gift.status !== 'paid') throw conflict(GIFT_MESSAGES.notPaid);
      const [donor, drive] = await Promise.all([
        gift.anonymous === 1 ? Promise.resolve(undefined) : deps.person(gift.donor_id),
        gift.drive_id ? deps.drive(gift.drive_id, gift.donor_id) : Promise.resolve(null),
      ]);
      const planted = plantedShare(gift.position, gift.trees, gift.planted_trees);
      return {
        recipientName: gift.recipient_name,
        trees: Number(gift.trees),
        message: gift.message,
        giverName: donor && !donor.deletedAt ? displayName(donor) : null,
        drive:
          drive && gift.drive_id
            ? { id: gift.drive_id, name: drive.name, startsAt: drive.startsAt }
            : null,
        species: drive?.species ?? [],
        planted,
        status: giftStatusOf(Number(gift.trees), planted),
        claimed: gift.claimed_by !== null,
      };
    },

    /** Moves the gift into the caller's forest: once, by one member, never its own giver. */
    async claim(user: SessionUser, code: string): Promise<{ donationId: string; trees: number }> {
      const { hash } = await lookUp(code);
      return uow.withTransaction(async (tx) => {
        const gifts = donationGiftsRepository(tx.db);
        const gift = await gifts.byCodeHash(hash);
        if (!gift) throw notFound(GIFT_MESSAGES.notFound);
        if (gift.claimed_by) throw conflict(GIFT_MESSAGES.alreadyClaimed);
        if (gift.status === 'refunded') throw conflict(GIFT_MESSAGES.refunded);
        if (gift.status !== 'paid') throw conflict(GIFT_MESSAGES.notPaid);
        if (gift.donor_id === user.id) throw conflict(GIFT_MESSAGES.ownGift);
        if (await gifts.hasClaimedOf(gift.donation_id, user.id))
          throw conflict(GIFT_MESSAGES.claimedOneAlready);
        // Conditional on the code and on nobody having claimed it: of two claims, one wins.
        if (!(await gifts.claim(gift.id, hash, user.id, nowIso())))
          throw conflict(GIFT_MESSAGES.alreadyClaimed);
        await gifts.addClaimedTrees(gift.donation_id, Number(gift.trees));
        if (Number(gift.trees) === Number(gift.donation_trees))
          await deps.giftClaimed(tx, { donationId: gift.donation_id, claimerId: user.id });
        return { donationId: gift.donation_id, trees: Number(gift.trees) };
      });
    },

    /** The giver's gifts of one donation, in order, a keyset page at a time, with claim counts. */
    async listGifts(
      user: SessionUser,
      donationId: string,
      query: DonationGiftsQuery,
    ): Promise<DonationGifts> {
      const donation = await deps.requireOwned(user, donationId);
      let after = -1;
      if (query.after !== undefined) {
        if (!/^\d{1,6}$/.test(query.after)) throw badRequest('That page is not available.');
        after = Number(query.after);
      }
      const [rows, counts] = await Promise.all([
        repo.pageOfDonation(donation.id, after, query.limit + 1),
        repo.countsOfDonation(donation.id),
      ]);
      const page = rows.slice(0, query.limit);
      const paid = donation.status === 'paid';
      return {
        gifts: page.map((row) => toGift(row, paid)),
        ...counts,
        next: rows.length > query.limit ? String(page.at(-1)!.position) : null,
      };
    },

    /**
     * Sends a gift's mail again, at once, with a new code (the old link stops working): the
     * donor only, while unclaimed, at most GIFT_LIMITS.resendsPerHour times an hour per gift.
     */
    async resend(
      user: SessionUser,
      donationId: string,
      giftId: string | undefined,
    ): Promise<DonationGift> {
      const donation = await deps.requireOwned(user, donationId);
      return uow.withTransaction(async (tx) => {
        const gifts = donationGiftsRepository(tx.db);
        const all = giftId
          ? (await gifts.ofDonation(donation.id)).filter((g) => g.id === giftId)
          : await gifts.pageOfDonation(donation.id, -1, 2);
        // A donation that is no gift at all is a state (409); an unknown recipient, not found.
        if (all.length === 0)
          throw giftId ? notFound(GIFT_MESSAGES.noGift) : conflict(GIFT_MESSAGES.noGift);
        if (all.length > 1) throw badRequest(GIFT_MESSAGES.chooseRecipient);
        const gift = all[0]!;
        if (donation.status !== 'paid') throw conflict(GIFT_MESSAGES.resendNotPaid);
        if (gift.claimed_by) throw conflict(GIFT_MESSAGES.resendClaimed);
        if (!gift.recipient_email) throw conflict(GIFT_MESSAGES.resendNoEmail);
        const now = clock.now();
        const windowOpen =
          gift.resend_window_at && now.getTime() - Date.parse(gift.resend_window_at) < 3600_000;
        const resends = windowOpen ? Number(gift.resends) : 0;
        if (resends >= GIFT_LIMITS.resendsPerHour)
          throw new AppError(429, 'RATE_LIMITED', GIFT_MESSAGES.resendTooOften);
        const version = Number(gift.code_version) + 1;
        const rotated = await gifts.rotate(
          gift.id,
          { version: Number(gift.code_version) },
          {
            version,
            hash: hashSecretToken(codeOf(gift.id, version)),
            resends: resends + 1,
            windowAt: windowOpen ? gift.resend_window_at! : now.toISOString(),
          },
        );
        if (!rotated) throw conflict(GIFT_MESSAGES.resendClaimed);
        const next = { ...gift, code_version: version };
        await queueMail(tx, next);
        return toGift(next, true);
      });
    },

    /**
     * A donation's recipients as they were chosen (names, emails, message, send day, in order):
     * what Pay now gives the new donation that starts again with the same choices. A send day that
     * has passed meanwhile becomes "at once" (the mail of a day already past goes at payment
     * either way). Null when the donation is no gift to someone.
     */
    async recipientsOf(
      donationId: string,
    ): Promise<{ treesEach: number; recipients: NewGiftRecipient[] } | null> {
      const rows = await repo.ofDonation(donationId);
      if (rows.length === 0) return null;
      const today = utcDay(clock.now());
      return {
        treesEach: Number(rows[0]!.trees),
        recipients: rows.map((row) => ({
          name: row.recipient_name,
          email: row.recipient_email,
          message: row.message,
          sendOn: row.send_on && row.send_on >= today ? row.send_on : null,
        })),
      };
    },

    /** The gift a member claimed of a donation (their certificate). */
    claimedGift: (donationId: string, userId: string) => repo.claimedBy(donationId, userId),

    /** Received gifts for the forest (tree-gift-ledger.ts). */
    receivedPage: repo.receivedPage,
    receivedTotals: repo.receivedTotals,
  };
}
export type GiftService = ReturnType<typeof donationGifts>;
