import type donationsSource from '../../../locales/en/donations.json';
import donationsEn from '../../../locales/en/donations.json?messages';
import type givingSource from '../../../locales/en/giving.json';
import givingEn from '../../../locales/en/giving.json?messages';
import { defineMessages } from '../../i18n/namespace';
import type { Translate } from '../../i18n/use-t';

/**
 * Donate Tree, checkout, payment, Transactions, receipts and billing details
 * (locales/<lang>/donations.json); English ships with the code.
 */
export const donationsMessages = defineMessages<typeof donationsSource>(
  'donations',
  donationsEn,
  import.meta.glob(['../../../locales/*/donations.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

/** Recurring gifts and trees given to someone (locales/<lang>/giving.json). */
export const givingMessages = defineMessages<typeof givingSource>(
  'giving',
  givingEn,
  import.meta.glob(['../../../locales/*/giving.json', '!../../../locales/en/*'], {
    query: '?messages',
    import: 'default',
  }),
);

export type DonationsKey = keyof typeof donationsSource & string;
export type DonationsT = Translate<DonationsKey>;
export type GivingKey = keyof typeof givingSource & string;
export type GivingT = Translate<GivingKey>;
