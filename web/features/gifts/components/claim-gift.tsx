import { useEffect, useRef } from 'react';
import { GIFT_MESSAGES, claimPath, type GiftPreview } from '../../../../contract/gifts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import { useAskingOpenTabs } from '../../../lib/use-open-tab-session';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { FOREST_PATH } from '../../../../contract/app-paths';
import { useClaimGift, useGiftPreview } from '../api';
import { giftsMessages } from '../messages';

function GiftSummary({ gift }: { gift: GiftPreview }) {
  const t = useT(giftsMessages);
  const locale = useIntlLocale();
  const day = gift.drive ? new Date(gift.drive.startsAt).toLocaleDateString(locale) : null;
  const trees = { count: gift.trees, trees: gift.trees.toLocaleString(locale) };
  return (
    <section aria-labelledby="gift-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-3">
        <h2 id="gift-heading" className="card-title text-2xl">
          {gift.giverName === null
            ? t('headingSomeone', { recipient: gift.recipientName, ...trees })
            : t('heading', { recipient: gift.recipientName, giver: gift.giverName, ...trees })}
        </h2>
        {gift.message ? (
          <blockquote className="border-l-4 border-primary pl-3 italic">{gift.message}</blockquote>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">{t('where')}</dt>
          <dd>{gift.drive ? t('whereDrive', { drive: gift.drive.name, day }) : t('whereFund')}</dd>
          {gift.species.length ? (
            <>
              <dt className="font-semibold">{t('species')}</dt>
              <dd>{gift.species.join(', ')}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{t('status')}</dt>
          <dd>
            {t(`status.${gift.status}`)}
            {gift.planted > 0 ? t('inGround', { planted: gift.planted, trees: gift.trees }) : ''}
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
  const t = useT(giftsMessages);
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
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      {preview.isError ? (
        <p className="alert alert-error" role="alert">
          {failureMessage(preview.error, GIFT_MESSAGES.notFound)}
        </p>
      ) : asking || !gift ? (
        <LoadingState label={t('loading')} />
      ) : (
        <>
          <GiftSummary gift={gift} />
          {claim.isSuccess ? (
            <div className="flex flex-col gap-3" role="status">
              <p className="alert alert-success">{claim.data.message}</p>
              <ButtonLink to={FOREST_PATH}>{t('seeForest')}</ButtonLink>
            </div>
          ) : gift.claimed ? (
            <p className="alert alert-info" role="status">
              {GIFT_MESSAGES.alreadyClaimed}{' '}
              {signedIn ? <a href={FOREST_PATH}>{t('openForest')}</a> : null}
            </p>
          ) : signedIn ? (
            <div className="flex flex-col gap-3">
              {claim.isError ? (
                <p className="alert alert-error" role="alert">
                  {failureMessage(claim.error)}
                </p>
              ) : null}
              <Button busy={claim.isPending} onClick={() => claim.mutate()}>
                {t('claim')}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <p>{t('signInToClaimText')}</p>
              <div className="flex flex-wrap gap-3">
                <ButtonLink to={`/login?from=${back}`}>{t('signInToClaim')}</ButtonLink>
                <ButtonLink variant="secondary" to={`/register?from=${back}`}>
                  {t('createAccount')}
                </ButtonLink>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
