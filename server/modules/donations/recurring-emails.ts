import { translator, type Translator } from '../../lib/i18n';
import { composeMail, mailLayout, type Mail } from '../../lib/mailer';

/** Where a donor manages recurring gifts and cards. */
export const BILLING_PATH = '/app/settings-billing';

/** What a recurring gift is, for its words: `5 trees every month`, `$25.00 every year`. */
export interface RecurringGiftFacts {
  kind: 'trees' | 'cash';
  trees: number;
  amount_minor: number;
  currency: string;
  interval: 'month' | 'year';
}

interface GiftMailInput {
  to: string;
  name: string;
  gift: RecurringGiftFacts;
  /** The Billing page. */
  link: string;
  /** The donor's saved language (null: English). */
  locale?: string | null;
}

/** A recurring gift in words, in the language of `t` (English as recurringGiftText). */
export const recurringGiftWords = (gift: RecurringGiftFacts, t: Translator<'mail-donations'>) =>
  t('recurring.gift', {
    what:
      gift.kind === 'trees'
        ? t('gift.trees', { count: gift.trees })
        : t.money(gift.amount_minor, gift.currency),
    interval: gift.interval,
  });

/** A day as "5 March 2026" (UTC), in the language of `t`. */
const longDay = (isoOrDay: string, t: Translator<'mail-donations'>) =>
  t.date(`${isoOrDay.slice(0, 10)}T00:00:00Z`, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A payment of a recurring gift failed: the provider tries again; the donor can change the card. */
export function paymentFailedMail(
  input: GiftMailInput & { reason: string; final: boolean; portal: boolean },
): Mail {
  const t = translator(input.locale, 'mail-donations');
  return composeMail(
    input.to,
    input.final ? t('paymentFailed.subjectFinal') : t('paymentFailed.subject'),
    [
      t('paymentFailed.intro', {
        name: input.name,
        gift: recurringGiftWords(input.gift, t),
        reason: input.reason,
      }),
      input.final
        ? t('paymentFailed.final')
        : t(input.portal ? 'paymentFailed.retryPortal' : 'paymentFailed.retry'),
    ],
    { label: t('billing.button'), value: input.link, href: input.link },
    mailLayout(translator(t.locale, 'mail')),
  );
}

/** Seven days before a yearly gift renews (`on`: the renewal's date). */
export function renewalNoticeMail(input: GiftMailInput & { on: string }): Mail {
  const t = translator(input.locale, 'mail-donations');
  const on = t.locale === 'en' ? englishLongDay(input.on) : longDay(input.on, t);
  return composeMail(
    input.to,
    t('renewal.subject', { on }),
    [
      t('renewal.intro', {
        name: input.name,
        gift: recurringGiftWords(input.gift, t),
        on,
        amount: t.money(input.gift.amount_minor, input.gift.currency),
      }),
      t('renewal.change'),
    ],
    { label: t('billing.button'), value: input.link, href: input.link },
    mailLayout(translator(t.locale, 'mail')),
  );
}

/** English keeps its day-month order ("5 March 2026", as before issue 26). */
const englishLongDay = (isoOrDay: string) =>
  new Date(`${isoOrDay.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
