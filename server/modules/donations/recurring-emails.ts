import { composeMail, type Mail } from '../../lib/mailer';

/** Where a donor manages recurring gifts and cards. */
export const BILLING_PATH = '/app/settings-billing';

interface GiftMailInput {
  to: string;
  name: string;
  /** `5 trees every month`, `$25.00 every year`. */
  gift: string;
  /** The Billing page. */
  link: string;
}

/** A payment of a recurring gift failed: the provider tries again; the donor can change the card. */
export function paymentFailedMail(
  input: GiftMailInput & { reason: string; final: boolean; portal: boolean },
): Mail {
  return composeMail(
    input.to,
    input.final
      ? 'Your recurring gift to Canopy has stopped'
      : 'A payment of your recurring gift did not go through',
    [
      `Hi ${input.name}, we could not take the payment for your gift of ${input.gift}. ${input.reason}`,
      input.final
        ? 'After several tries the gift is now cancelled, and nothing more will be charged. You can start it again from Billing at any time.'
        : `We will try again in a few days. To use another card, open Billing${
            input.portal ? ' and choose "Manage cards and invoices"' : ''
          }.`,
    ],
    { label: 'Open Billing', value: input.link, href: input.link },
  );
}

/** Seven days before a yearly gift renews. */
export function renewalNoticeMail(input: GiftMailInput & { amount: string; on: string }): Mail {
  return composeMail(
    input.to,
    `Your yearly gift to Canopy renews on ${input.on}`,
    [
      `Hi ${input.name}, your gift of ${input.gift} renews on ${input.on}: ${input.amount} will be charged to your card.`,
      'To change the amount, pause it or cancel it, open Billing before that day.',
    ],
    { label: 'Open Billing', value: input.link, href: input.link },
  );
}
