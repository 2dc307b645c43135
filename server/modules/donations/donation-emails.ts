import { composeMail, type Mail } from '../../lib/mailer';

export interface ReceiptMailInput {
  to: string;
  name: string;
  receiptNumber: string;
  /** `12 trees for "Riverbank planting"`. */
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
}

/** Sent once, after the payment is recorded: the receipt number, what was given and where the PDF is. */
export function receiptMail(input: ReceiptMailInput): Mail {
  return composeMail(
    input.to,
    `Your Canopy receipt ${input.receiptNumber}`,
    [
      `Hi ${input.name}, thank you! We received your payment of ${input.amount}: ${input.gift}.`,
      `Receipt number: ${input.receiptNumber}. You can download the receipt as a PDF from your transactions at any time.`,
      ...(input.certificate
        ? [
            'Your certificate is attached, ready to print: it shows your trees, and once they are planted, which trees they are.',
          ]
        : []),
      ...(input.giftLinks?.length
        ? [
            'Your gift is ready to pass on. Each link works once and adds the trees to the forest of whoever opens it:',
            ...input.giftLinks.map((g) => `For ${g.name}: ${g.url}`),
          ]
        : []),
      ...(input.testMode
        ? ['This was a TEST MODE payment: no card was charged and no money moved.']
        : []),
    ],
    { label: 'View my transactions', value: input.link, href: input.link },
  );
}
