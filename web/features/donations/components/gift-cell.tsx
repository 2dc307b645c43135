import { toast } from 'sonner';
import type { Donation, DonationGiftSummary } from '../../../../contract/donations';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { failureMessage } from '../../../lib/api-client';
import { useResendGift } from '../api';
import { GiftRecipients } from './gift-status';

/** A donation of the list: with its gift summary when it is a gift to someone. */
export type DonationWithGift = Donation & { gift?: DonationGiftSummary | null };

const claimedText = (claimed: boolean) => (claimed ? 'Claimed' : 'Not yet claimed');

/** Send again for a single gift's recipient (a new link; the old one stops working). */
function SendAgain({ donationId, name }: { donationId: string; name: string }) {
  const resend = useResendGift(donationId);
  return (
    <Button
      size="sm"
      variant="secondary"
      className="self-start"
      aria-label={`Send again to ${name}`}
      busy={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (answer) => toast.success(answer.message),
          onError: (error) => toast.error(failureMessage(error)),
        })
      }
    >
      Send again
    </Button>
  );
}

/**
 * Who a gift donation went to, in Transactions (issue 19 §5): the recipient, and once paid,
 * "Claimed" or "Not yet claimed" with Send again while the mail can go again; a corporate gift
 * says "n of m claimed" and opens its recipients in the modal. Nothing for a donation that is no
 * gift.
 */
export function GiftCell({ donation }: { donation: DonationWithGift }) {
  const modal = useModal();
  const gift = donation.gift;
  if (!gift) return null;
  const paid = donation.status === 'paid';
  if (gift.recipients === 1) {
    const claimed = gift.claimed > 0;
    return (
      <div className="mt-1 flex flex-col gap-1 text-sm" data-testid="gift-cell">
        <span>
          Gift to <span className="font-medium break-words">{gift.recipientName}</span>
        </span>
        {paid ? (
          <span
            className={claimed ? 'font-semibold text-success' : mutedText}
            data-testid="gift-claimed"
          >
            {claimedText(claimed)}
          </span>
        ) : null}
        {paid && !claimed && gift.recipientEmailed ? (
          <SendAgain donationId={donation.id} name={gift.recipientName} />
        ) : null}
      </div>
    );
  }
  return (
    <div className="mt-1 flex flex-col gap-1 text-sm" data-testid="gift-cell">
      <span>Gift to {gift.recipients.toLocaleString()} people</span>
      {paid ? (
        <span className={mutedText} data-testid="gift-claimed">
          {gift.claimed.toLocaleString()} of {gift.recipients.toLocaleString()} claimed
        </span>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        className="self-start"
        aria-label={`Recipients of the gift to ${gift.recipients.toLocaleString()} people`}
        onClick={() =>
          modal.open({
            title: `Recipients: ${gift.claimed.toLocaleString()} of ${gift.recipients.toLocaleString()} claimed`,
            size: 'lg',
            body: <GiftRecipients donationId={donation.id} />,
          })
        }
      >
        Recipients
      </Button>
    </div>
  );
}
