/*
 * Where the browser goes to pay for a donation. Only the answer to POST /api/donations says it
 * (the donation itself does not), so it is kept for this tab, keyed by donation id, until the
 * summary page's Pay button uses it, and survives a reload of that page.
 */

const KEY_PREFIX = 'canopy.checkout.';

export function rememberCheckoutUrl(donationId: string, url: string): void {
  try {
    sessionStorage.setItem(`${KEY_PREFIX}${donationId}`, url);
  } catch {
    // Storage off (private mode): the summary falls back to the test checkout or a fresh start.
  }
}

export function recalledCheckoutUrl(donationId: string): string | null {
  try {
    return sessionStorage.getItem(`${KEY_PREFIX}${donationId}`);
  } catch {
    return null;
  }
}

/** The built-in test provider's card page for a donation. */
export const testCheckoutPath = (donationId: string) =>
  `/app/checkout-tree?donation=${encodeURIComponent(donationId)}`;

/** Leaves the app for the payment page (Stripe's, or the built-in test page). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
