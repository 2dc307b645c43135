import { toast } from '../../../components/ui/toast';
import type { Donation, DonationGiftSummary } from '../../../../contract/donations';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { rich, useT } from '../../../i18n/use-t';
import { failureMessage } from '../../../lib/api-client';
import { useResendGift } from '../api';
import { givingMessages } from '../messages';
import { useDonationWords } from '../words';
import { GiftRecipients } from './gift-status';

/** A donation of the list: with its gift summary when it is a gift to someone. */
export type DonationWithGift = Donation & { gift?: DonationGiftSummary | null };

/** Send again for a single gift's recipient (a new link; the old one stops working). */
function SendAgain({ donationId, name }: { donationId: string; name: string }) {
  const resend = useResendGift(donationId);
  const t = useT(givingMessages);
  return (
    <Button
      size="sm"
      variant="secondary"
      className="self-start"
      aria-label={t('sendAgainTo', { name })}
      busy={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (answer) => toast.success(answer.message),
          onError: (error) => toast.error(failureMessage(error)),
        })
      }
    >
      {t('sendAgain')}
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
  const t = useT(givingMessages);
  const { count } = useDonationWords();
  const gift = donation.gift;
  if (!gift) return null;
  const paid = donation.status === 'paid';
  if (gift.recipients === 1) {
    const claimed = gift.claimed > 0;
    return (
      <div className="mt-1 flex flex-col gap-1 text-sm" data-testid="gift-cell">
        <span>
          {rich(t('cell.giftTo', { name: gift.recipientName }), {
            name: (text) => <span className="font-medium break-words">{text}</span>,
          })}
        </span>
        {paid ? (
          <span
            className={claimed ? 'font-semibold text-success' : mutedText}
            data-testid="gift-claimed"
          >
            {claimed ? t('claimed') : t('notClaimed')}
          </span>
        ) : null}
        {paid && !claimed && gift.recipientEmailed ? (
          <SendAgain donationId={donation.id} name={gift.recipientName} />
        ) : null}
      </div>
    );
  }
  const tally = { claimed: count(gift.claimed), total: count(gift.recipients) };
  return (
    <div className="mt-1 flex flex-col gap-1 text-sm" data-testid="gift-cell">
      <span>{t('cell.giftToMany', { count: tally.total })}</span>
      {paid ? (
        <span className={mutedText} data-testid="gift-claimed">
          {t('cell.claimedOf', tally)}
        </span>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        className="self-start"
        aria-label={t('cell.recipientsOf', { count: tally.total })}
        onClick={() =>
          modal.open({
            title: t('cell.recipientsTitle', tally),
            size: 'lg',
            body: <GiftRecipients donationId={donation.id} />,
          })
        }
      >
        {t('cell.recipients')}
      </Button>
    </div>
  );
}
