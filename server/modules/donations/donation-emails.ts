import { translator } from '../../lib/i18n';
import { composeMail, mailLayout, type Mail } from '../../lib/mailer';

export interface ReceiptMailInput {
  to: string;
  name: string;
  receiptNumber: string;
  /** `12 trees for "Riverbank planting"` (describeGift in the same language). */
  gift: string;
  /** `$60.00`. */
  amount: string;
  /** The Transactions page, where the PDF receipt is. */
  link: string;
  testMode: boolean;
  /** A tree gift: its certificate is attached. */
  certificate?: boolean;
  /** Gifts without a recipient email (issue 19 §5): the links the giver passes on. */
  giftLinks?: Array<{ name: string; url: string }>;
  /** The donor's saved language (null: English). */
  locale?: string | null;
}

/** Sent once, after the payment is recorded: the receipt number, what was given and where the PDF is. */
export function receiptMail(input: ReceiptMailInput): Mail {
  const t = translator(input.locale, 'mail-donations');
  return composeMail(
    input.to,
    t('receipt.subject', { number: input.receiptNumber }),
    [
      t('receipt.thanks', { name: input.name, amount: input.amount, gift: input.gift }),
      t('receipt.number', { number: input.receiptNumber }),
      ...(input.certificate ? [t('receipt.certificate')] : []),
      ...(input.giftLinks?.length
        ? [
            t('receipt.giftLinks'),
            ...input.giftLinks.map((g) => t('receipt.giftLink', { name: g.name, url: g.url })),
          ]
        : []),
      ...(input.testMode ? [t('receipt.testMode')] : []),
    ],
    { label: t('receipt.button'), value: input.link, href: input.link },
    mailLayout(translator(t.locale, 'mail')),
  );
}
