import type { BillingProfile } from '../../../contract/donations';
import type { ReceiptIssuer } from '../../config';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import { translator } from '../../lib/i18n';
import { composeMail, mailLayout, type MailAttachment } from '../../lib/mailer';
import { stopIfAborted, yieldToEventLoop } from '../../lib/yield';
import type { SessionUser } from '../auth/auth.service';
import { describeGift, nurseryOf, type DonationWithDrive } from './donation-mapper';
import {
  donationStatementsRepository,
  type StatementDonationRow,
  type StatementKey,
} from './donation-statements.repository';
import type { DonationsStore } from './donations-people';
import { renderStatementPdf, type StatementGift } from './statement-pdf';

/** The kind of mail attachment the January mail names: id `<donorId>:<year>` (made at sending). */
export const STATEMENT_ATTACHMENT = 'donation-statement';
/** The January schedule (UTC): each donor who gave last year gets that year's statement once. */
export const YEARLY_STATEMENTS_JOB = 'yearly statements';
export const YEARLY_STATEMENTS_CRON = '0 6 2 1 *';
/** Where the statement can be downloaded again (Settings → Billing). */
export const BILLING_PATH = '/app/settings-billing';

/** A donor's gifts read per query (one page of donations_donor_paid_idx), a turn between pages. */
export const STATEMENT_GIFT_BATCH = 200;
/**
 * Donors (by id, any who ever gave) the January job looks at per batch; those who gave last year
 * are mailed in one transaction, a turn of the event loop between batches. 50 kept a batch near
 * 20 ms on the million-tree copy (its commit's fsync aside).
 */
export const STATEMENT_DONOR_BATCH = 50;

export interface DonationStatementsDeps {
  uow: UnitOfWork;
  /** The donations store: drives and nurseries beside rows, people by id. */
  store: Pick<DonationsStore, 'withDrives' | 'people'>;
  /** The donor's billing details as receipts print them. */
  billingOf: (userId: string) => Promise<BillingProfile>;
  issuer: ReceiptIssuer;
  clock: Clock;
  mail: MailQueue;
  log: Log;
  appUrl: string;
}

/** The UTC year as a range of `paid_at` (ISO text compares in time order). */
export const yearRange = (year: number) => ({
  from: `${String(year).padStart(4, '0')}-01-01T00:00:00.000Z`,
  to: `${String(year + 1).padStart(4, '0')}-01-01T00:00:00.000Z`,
});

const statementFilename = (year: number) => `canopy-statement-${year}.pdf`;

const displayName = (person: { name: string | null; username: string }) =>
  person.name?.trim() || person.username;

/**
 * Yearly statements (issue 22): every gift a donor paid in a UTC year, with its receipt number and
 * amount and the total per currency, as a PDF to download and, each January, mailed to everyone
 * who gave the year before (once per donor and year: the mail's key).
 */
export function donationStatements(deps: DonationStatementsDeps) {
  const { uow, store, clock, log } = deps;
  const repo = donationStatementsRepository(uow.db);

  /** Every paid gift of the donor's year, oldest first, read a page at a time. */
  async function giftsOf(
    donorId: string,
    year: number,
    locale: string | null,
  ): Promise<StatementGift[]> {
    const words = translator(locale, 'mail-donations');
    const t = translator(locale, 'pdf');
    const range = yearRange(year);
    const rows: Array<StatementDonationRow & DonationWithDrive> = [];
    for (let after: StatementKey | null = null; ;) {
      const page = await repo.paidGifts(donorId, range, after, STATEMENT_GIFT_BATCH);
      rows.push(...(await store.withDrives(page)));
      if (page.length < STATEMENT_GIFT_BATCH) break;
      const last = page.at(-1)!;
      after = { paidAt: last.paid_at!, id: last.id };
      await yieldToEventLoop();
    }
    const organisations = await store.people(
      rows.flatMap((row) => (row.organisation_id && !row.drive_id ? [row.organisation_id] : [])),
    );
    return rows.map((row) => {
      const organisation = row.organisation_id ? organisations.get(row.organisation_id) : null;
      const given = describeGift(
        {
          kind: row.kind,
          trees: row.trees,
          driveName:
            row.drive_name ??
            (organisation && !organisation.deletedAt ? displayName(organisation) : null),
          nurseryName: nurseryOf(row)?.name ?? null,
        },
        words,
      );
      const interval = row.subscription_interval ?? (row.subscription_id ? 'other' : null);
      return {
        paidAt: row.paid_at!,
        receiptNumber: row.receipt_number ?? row.id,
        description: interval ? t('statement.recurring', { given, interval }) : given,
        amountMinor: row.amount_minor,
        currency: row.currency,
        testMode: row.provider === 'test',
      };
    });
  }

  /** The statement PDF of a donor's year (an empty year says so). */
  async function render(
    donor: { id: string; name: string; email: string | null; locale: string | null },
    year: number,
  ): Promise<Buffer> {
    const [gifts, billing] = await Promise.all([
      giftsOf(donor.id, year, donor.locale),
      deps.billingOf(donor.id),
    ]);
    const totals = new Map<string, { amountMinor: number; gifts: number }>();
    for (const gift of gifts) {
      const total = totals.get(gift.currency) ?? { amountMinor: 0, gifts: 0 };
      total.amountMinor += gift.amountMinor;
      total.gifts += 1;
      totals.set(gift.currency, total);
    }
    return renderStatementPdf({
      year,
      donorName: donor.name,
      donorEmail: donor.email,
      billing,
      issuer: deps.issuer,
      gifts,
      totals: [...totals.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([currency, total]) => ({ currency, ...total })),
      madeAt: clock.now().toISOString(),
      locale: donor.locale,
    });
  }

  return {
    /** GET /api/donations/statement?year=: the caller's own statement of that year. */
    async statement(user: SessionUser, year: number): Promise<{ filename: string; pdf: Buffer }> {
      const pdf = await render(
        {
          id: user.id,
          name: user.name?.trim() || user.username,
          email: user.email,
          locale: user.locale,
        },
        year,
      );
      return { filename: statementFilename(year), pdf };
    },

    /** The January mail's attachment, made when it is sent: null once the account is gone. */
    async statementAttachment(id: string): Promise<MailAttachment | null> {
      const at = id.lastIndexOf(':');
      const donorId = id.slice(0, at);
      const year = Number(id.slice(at + 1));
      if (at <= 0 || !Number.isInteger(year)) return null;
      const donor = (await store.people([donorId])).get(donorId);
      if (!donor || donor.deletedAt) return null;
      return {
        filename: statementFilename(year),
        contentType: 'application/pdf',
        content: await render(
          { id: donorId, name: displayName(donor), email: donor.email, locale: donor.locale },
          year,
        ),
      };
    },

    /**
     * The January job: mails last year's statement to every donor with a gift paid that year
     * (deleted accounts skipped), looking at STATEMENT_DONOR_BATCH donors at a time in id order,
     * a turn of the event loop between batches and a stop when the queue stops (the run is then
     * retried; the mail key `statement:<donor>:<year>` keeps each donor's mail to one). Returns
     * how many statement mails it queued.
     */
    async mailYearlyStatements(signal?: AbortSignal): Promise<number> {
      const year = clock.now().getUTCFullYear() - 1;
      const range = yearRange(year);
      const link = `${deps.appUrl.replace(/\/+$/, '')}${BILLING_PATH}`;
      let queued = 0;
      for (let after: string | null = null; ;) {
        stopIfAborted(signal);
        const candidates = await repo.donorsAfter(after, STATEMENT_DONOR_BATCH);
        if (candidates.length === 0) break;
        const donorIds = await repo.withPaidGifts(candidates, range);
        const people = await store.people(donorIds);
        const donors = donorIds.flatMap((id) => {
          const person = people.get(id);
          return person && !person.deletedAt && person.email ? [person] : [];
        });
        // The event loop runs between the batch's reads and between its mails (SQLite answers on
        // this thread, and a promise chain alone would hold the loop for the whole batch).
        await yieldToEventLoop();
        if (donors.length > 0)
          await uow.withTransaction(async (tx) => {
            for (const donor of donors) {
              await deps.mail.send(
                tx,
                statementMail(donor.email, displayName(donor), year, link, donor.locale),
                {
                  key: `statement:${donor.id}:${year}`,
                  attachments: [{ kind: STATEMENT_ATTACHMENT, id: `${donor.id}:${year}` }],
                },
              );
              await yieldToEventLoop();
            }
          });
        queued += donors.length;
        if (candidates.length < STATEMENT_DONOR_BATCH) break;
        after = candidates.at(-1)!;
        await yieldToEventLoop();
      }
      if (queued) log.info({ year, queued }, 'yearly statements queued');
      return queued;
    },
  };
}
export type DonationStatements = ReturnType<typeof donationStatements>;

/** The January mail, in the donor's language: last year's statement attached, and where to download it again. */
export function statementMail(
  to: string,
  name: string,
  year: number,
  link: string,
  locale: string | null = null,
) {
  const t = translator(locale, 'mail-donations');
  return composeMail(
    to,
    t('statement.subject', { year }),
    [
      t('statement.thanks', { name, year }),
      t('statement.attached', { year }),
      t('statement.again'),
    ],
    { label: t('statement.button'), value: link, href: link },
    mailLayout(translator(t.locale, 'mail')),
  );
}
