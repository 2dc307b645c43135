import { DONATION_MESSAGES } from '../../../contract/donations';
import type { DonationRow } from '../../db/tables';
import { conflict, notFound } from '../../lib/errors';
import type { MailAttachment } from '../../lib/mailer';
import type { GiftPlantings } from '../module';
import { renderCertificatePdf, type CertificateData } from './certificate-pdf';

/** The kind of mail attachment the receipt mail names (`MailOptions.attachments`). */
export const CERTIFICATE_ATTACHMENT = 'donation-certificate';

/** What a certificate shows of the drive a gift went to (the drives module answers it). */
export interface GiftDrive {
  name: string;
  startsAt: string;
  timeZone: string;
  /** `Riverbank, Pune, India`. */
  place: string;
  /** The species the drive plants, by name. */
  species: string[];
}

/** What certificates ask of other modules: names (users), drives (drives), plantings (trees). */
export interface CertificatePorts {
  person: (id: string) => Promise<
    | {
        name: string | null;
        username: string;
        deletedAt: string | null;
        /** The saved language for their mails and documents (absent or null: English). */
        locale?: string | null;
      }
    | undefined
  >;
  drive: (driveId: string, viewerId: string) => Promise<GiftDrive | null>;
  /** Every module's `giftPlantings` answer (none until gifts are allocated to trees). */
  plantings: () => ReadonlyArray<(donationId: string) => Promise<GiftPlantings>>;
}

/** A gift to someone as its certificate needs it (issue 19 §5). */
export interface CertificateGift {
  recipient_name: string;
  trees: number;
}

export interface DonationCertificatesDeps {
  /** The donations' own rows. */
  repo: { findById(id: string): Promise<DonationRow | undefined> };
  /** The gift a member claimed of a donation: its recipient may download the certificate. */
  claimedGift?: (donationId: string, userId: string) => Promise<CertificateGift | undefined>;
  ports: CertificatePorts;
  appUrl: string;
}

/** The public page of one gift (the QR code on its certificate opens it). */
export const giftPageUrl = (appUrl: string, donationId: string) =>
  `${appUrl.replace(/\/+$/, '')}/gift/${encodeURIComponent(donationId)}`;

const displayName = (person: { name: string | null; username: string }) =>
  person.name?.trim() || person.username;

/** Why a donation has no certificate (a 409 message), or null when it has one. */
export function certificateProblem(row: DonationRow): string | null {
  if (row.kind !== 'trees') return DONATION_MESSAGES.certificateTreesOnly;
  if (row.status === 'refunded') return DONATION_MESSAGES.certificateRefunded;
  if (row.status !== 'paid' || !row.paid_at) return DONATION_MESSAGES.certificateNotPaid;
  return null;
}

/**
 * Gift certificates: a one-page PDF for a paid tree gift, downloaded by whoever may view it and
 * attached to the receipt mail. Funded until the trees side answers that the gift's trees are
 * planted (`giftPlantings`).
 */
export function donationCertificates(deps: DonationCertificatesDeps) {
  const { repo, ports } = deps;

  /**
   * Who may see a gift's certificate: its donor, and the member who claimed it as a gift (issue 19
   * §5); everyone else gets the same 404 as for a donation that does not exist.
   */
  async function mayViewCertificate(
    user: { id: string },
    donation: Pick<DonationRow, 'donor_id' | 'id'>,
  ): Promise<boolean> {
    if (donation.donor_id === user.id) return true;
    return Boolean(await deps.claimedGift?.(donation.id, user.id));
  }

  /** The giver's name a recipient's certificate prints: null when anonymous or gone. */
  async function giverOf(row: DonationRow): Promise<string | null> {
    if (row.anonymous === 1) return null;
    const donor = await ports.person(row.donor_id);
    return donor && !donor.deletedAt ? displayName(donor) : null;
  }

  /** The trees in the ground for a gift, merged over whatever modules answer. */
  async function plantingOf(
    donationId: string,
  ): Promise<CertificateData['planting'] & { species: string[] }> {
    const answers = await Promise.all(ports.plantings().map((answer) => answer(donationId)));
    return {
      planted: answers.reduce((sum, a) => sum + a.planted, 0),
      treeIds: [...new Set(answers.flatMap((a) => a.treeIds))],
      species: [...new Set(answers.flatMap((a) => a.species ?? []))],
    };
  }

  async function render(
    row: DonationRow,
    name: string,
    viewerId: string,
    gift?: { trees: number; givenBy: string | null },
    locale: string | null = null,
  ): Promise<Buffer> {
    const [drive, planting] = await Promise.all([
      row.drive_id ? ports.drive(row.drive_id, viewerId) : Promise.resolve(null),
      plantingOf(row.id),
    ]);
    return renderCertificatePdf({
      name,
      trees: gift?.trees ?? row.trees,
      ...(gift ? { gift: { givenBy: gift.givenBy } } : {}),
      drive: drive && {
        name: drive.name,
        startsAt: drive.startsAt,
        timeZone: drive.timeZone,
        place: drive.place,
      },
      // The planted trees' species once there are some; the drive's plan until then.
      species: planting.species.length ? planting.species : (drive?.species ?? []),
      givenAt: row.paid_at!,
      planting: { planted: planting.planted, treeIds: planting.treeIds },
      giftUrl: giftPageUrl(deps.appUrl, row.id),
      receiptNumber: row.receipt_number,
      testMode: row.provider === 'test',
      locale,
    });
  }

  const filenameOf = (row: DonationRow) => `canopy-certificate-${row.receipt_number ?? row.id}.pdf`;

  return {
    mayViewCertificate,

    /**
     * The certificate of a paid tree gift the caller may view: 404 for anyone else (as if it did
     * not exist), 409 with the reason for a cash, unpaid or refunded donation.
     */
    async certificate(
      user: { id: string; locale?: string | null },
      id: string,
    ): Promise<{ filename: string; pdf: Buffer }> {
      const locale = user.locale ?? null;
      const row = await repo.findById(id);
      if (!row || !(await mayViewCertificate(user, row)))
        throw notFound(DONATION_MESSAGES.notFound);
      const problem = certificateProblem(row);
      if (problem) throw conflict(problem);
      if (row.donor_id !== user.id) {
        // The recipient of a claimed gift: the certificate names them and their share.
        const gift = await deps.claimedGift!(row.id, user.id);
        return {
          filename: filenameOf(row),
          pdf: await render(
            row,
            gift!.recipient_name,
            user.id,
            { trees: gift!.trees, givenBy: await giverOf(row) },
            locale,
          ),
        };
      }
      const donor = await ports.person(row.donor_id);
      // No name: the certificate says "A friend of the trees" in the reader's language.
      const name = donor && !donor.deletedAt ? displayName(donor) : '';
      return {
        filename: filenameOf(row),
        pdf: await render(row, name, user.id, undefined, locale),
      };
    },

    /**
     * The certificate as a mail attachment (made when the receipt mail is sent): null once the
     * gift has none (refunded) or its donor's account is gone.
     */
    async certificateAttachment(donationId: string): Promise<MailAttachment | null> {
      const row = await repo.findById(donationId);
      if (!row || certificateProblem(row)) return null;
      const donor = await ports.person(row.donor_id);
      if (!donor || donor.deletedAt) return null;
      return {
        filename: filenameOf(row),
        contentType: 'application/pdf',
        content: await render(row, displayName(donor), row.donor_id, undefined, donor.locale),
      };
    },

    /** A gift's certificate for its recipient's mail: their name, their trees, given by whom. */
    async giftCertificateAttachment(
      donationId: string,
      gift: CertificateGift,
    ): Promise<MailAttachment | null> {
      const row = await repo.findById(donationId);
      if (!row || certificateProblem(row)) return null;
      // In the giver's language, as the mail it goes with.
      const donor = await ports.person(row.donor_id);
      return {
        filename: filenameOf(row),
        contentType: 'application/pdf',
        content: await render(
          row,
          gift.recipient_name,
          row.donor_id,
          { trees: gift.trees, givenBy: await giverOf(row) },
          donor?.locale ?? null,
        ),
      };
    },
  };
}
