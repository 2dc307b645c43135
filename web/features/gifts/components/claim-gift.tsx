import { useEffect, useRef } from 'react';
import { GIFT_MESSAGES, claimPath, type GiftPreview } from '../../../../contract/gifts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { useAskingOpenTabs } from '../../../lib/use-open-tab-session';
import { useClaimGift, useGiftPreview } from '../api';

const FOREST_PATH = '/app/my-forest';

const treesText = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'tree' : 'trees'}`;

const STATUS_TEXT: Record<GiftPreview['status'], string> = {
  funded: 'Paid for, waiting to be planted',
  'partly-planted': 'Partly planted',
  planted: 'Planted',
};

function GiftSummary({ gift }: { gift: GiftPreview }) {
  const day = gift.drive ? new Date(gift.drive.startsAt).toLocaleDateString() : null;
  return (
    <section aria-labelledby="gift-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-3">
        <h2 id="gift-heading" className="card-title text-2xl">
          {gift.recipientName}, {gift.giverName ?? 'someone'} gave you {treesText(gift.trees)}
        </h2>
        {gift.message ? (
          <blockquote className="border-l-4 border-primary pl-3 italic">{gift.message}</blockquote>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">Where</dt>
          <dd>{gift.drive ? `${gift.drive.name}, planting on ${day}` : "Canopy's general fund"}</dd>
          {gift.species.length ? (
            <>
              <dt className="font-semibold">Species</dt>
              <dd>{gift.species.join(', ')}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Status</dt>
          <dd>
            {STATUS_TEXT[gift.status]}
            {gift.planted > 0 ? ` (${gift.planted} of ${gift.trees} in the ground)` : ''}
          </dd>
        </dl>
      </div>
    </section>
  );
}

/**
 * /claim/{code} (the mailed or passed-on link): what the gift is, without signing in; signed out,
 * sign in or create an account and come back here (`?claim=1` claims at once); signed in, claim,
 * then on to the forest.
 */
export function ClaimGift({ code, autoClaim }: { code: string; autoClaim: boolean }) {
  const preview = useGiftPreview(code);
  const claim = useClaimGift(code);
  // Signed in in another open tab: that session (issue 23).
  const asking = useAskingOpenTabs();
  const signedIn = getToken() !== null;
  const tried = useRef(false);
  const gift = preview.data?.data;
  const claimable = Boolean(gift && !gift.claimed);

  useEffect(() => {
    if (autoClaim && signedIn && claimable && !tried.current) {
      tried.current = true;
      claim.mutate();
    }
  }, [autoClaim, signedIn, claimable, claim]);

  const back = encodeURIComponent(`${claimPath(code)}?claim=1`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">A gift of trees</h1>
      {preview.isError ? (
        <p className="alert alert-error" role="alert">
          {failureMessage(preview.error, GIFT_MESSAGES.notFound)}
        </p>
      ) : asking || !gift ? (
        <LoadingState label="Opening your gift…" />
      ) : (
        <>
          <GiftSummary gift={gift} />
          {claim.isSuccess ? (
            <div className="flex flex-col gap-3" role="status">
              <p className="alert alert-success">{claim.data.message}</p>
              <ButtonLink to={FOREST_PATH}>See them in my forest</ButtonLink>
            </div>
          ) : gift.claimed ? (
            <p className="alert alert-info" role="status">
              {GIFT_MESSAGES.alreadyClaimed}{' '}
              {signedIn ? <a href={FOREST_PATH}>Open my forest</a> : null}
            </p>
          ) : signedIn ? (
            <div className="flex flex-col gap-3">
              {claim.isError ? (
                <p className="alert alert-error" role="alert">
                  {failureMessage(claim.error)}
                </p>
              ) : null}
              <Button busy={claim.isPending} onClick={() => claim.mutate()}>
                Claim these trees
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <p>Sign in or create an account to claim the trees into your own forest.</p>
              <div className="flex flex-wrap gap-3">
                <ButtonLink to={`/login?from=${back}`}>Sign in to claim</ButtonLink>
                <ButtonLink variant="secondary" to={`/register?from=${back}`}>
                  Create an account
                </ButtonLink>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
