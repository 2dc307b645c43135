import { toast } from '../../../components/ui/toast';
import type { DonationGift } from '../../../../contract/gifts';
import { Breakable } from '../../../components/ui/breakable';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/status-cards';
import { useT } from '../../../i18n/use-t';
import { failureMessage } from '../../../lib/api-client';
import { useDonationGifts, useResendGift } from '../api';
import { givingMessages } from '../messages';
import { useDonationWords } from '../words';

function GiftRow({ donationId, gift }: { donationId: string; gift: DonationGift }) {
  const resend = useResendGift(donationId);
  const t = useT(givingMessages);
  return (
    <li className="flex flex-col gap-2 border-b border-base-300 py-2 last:border-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {gift.recipientName}
          {gift.recipientEmail ? (
            <span className="text-base-content/80">
              {' · '}
              <Breakable text={gift.recipientEmail} />
            </span>
          ) : null}
        </p>
        <p className={gift.claimed ? 'text-success font-semibold' : 'text-base-content/80'}>
          {gift.claimed ? t('claimed') : t('notClaimed')}
          {!gift.claimed && gift.sendOn && !gift.sentAt
            ? ` · ${t('gifts.mailGoesOn', { day: gift.sendOn })}`
            : ''}
        </p>
        {gift.claimUrl ? (
          <p className="text-sm">
            {t('gifts.passLink')} <Breakable className="font-mono" text={gift.claimUrl} />
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {gift.claimUrl ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('gifts.copyLinkFor', { name: gift.recipientName })}
            onClick={() => {
              void navigator.clipboard
                ?.writeText(gift.claimUrl!)
                .then(() => toast.success(t('gifts.copied')));
            }}
          >
            {t('gifts.copyLink')}
          </Button>
        ) : null}
        {!gift.claimed && gift.recipientEmail ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('sendAgainTo', { name: gift.recipientName })}
            busy={resend.isPending}
            onClick={() =>
              resend.mutate(gift.id, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => toast.error(failureMessage(error)),
              })
            }
          >
            {t('sendAgain')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A donation's recipients for its giver, claimed or not yet claimed, with the link of a gift
 * without an email and Send again; a page at a time (Show more).
 */
export function GiftRecipients({ donationId }: { donationId: string }) {
  const gifts = useDonationGifts(donationId);
  const t = useT(givingMessages);
  const pages = gifts.data?.pages;
  if (gifts.isError && !pages)
    return (
      <p className="alert alert-error" role="alert">
        {failureMessage(gifts.error, t('gifts.loadFailed'))}
      </p>
    );
  if (!pages) return <LoadingState label={t('gifts.loading')} />;
  return (
    <div className="flex flex-col gap-2">
      <ul>
        {pages
          .flatMap((page) => page.data.gifts)
          .map((gift) => (
            <GiftRow key={gift.id} donationId={donationId} gift={gift} />
          ))}
      </ul>
      {gifts.hasNextPage ? (
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          busy={gifts.isFetchingNextPage}
          onClick={() => void gifts.fetchNextPage()}
        >
          {t('gifts.more')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A donation's gifts for its giver (issue 19 §5): each recipient, claimed or not yet claimed, the
 * link of a gift without an email, and Send again (a new link; the old one stops working).
 * Renders nothing for a donation that is not a gift.
 */
export function GiftStatus({ donationId }: { donationId: string }) {
  const gifts = useDonationGifts(donationId);
  const t = useT(givingMessages);
  const { count } = useDonationWords();
  const data = gifts.data?.pages[0]?.data;
  if (!data || data.total === 0) return null;
  return (
    <section aria-labelledby={`gifts-${donationId}`} className="flex flex-col gap-2">
      <h2 id={`gifts-${donationId}`} className="text-lg font-semibold">
        {data.total === 1
          ? t('gifts.yourGift')
          : t('gifts.yourGifts', { claimed: count(data.claimed), total: count(data.total) })}
      </h2>
      <GiftRecipients donationId={donationId} />
    </section>
  );
}
