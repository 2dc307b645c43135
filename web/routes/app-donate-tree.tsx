import { useSearchParams } from 'react-router';
import { sectionCard } from '../components/ui/looks';
import { usePageTitle } from '../components/ui/page-title';
import { DonateTree } from '../features/donations/components/donate-form';
import { GiftBatchUpload } from '../features/donations/components/gift-batch-upload';
import { donationsMessages, givingMessages } from '../features/donations/messages';
import { useT } from '../i18n/use-t';
import { getSessionClaims } from '../lib/session';

/** /app/donate-tree[?drive=<id>] — give trees or cash to an upcoming drive or the general fund. */
export default function AppDonateTree() {
  const t = useT(donationsMessages);
  const giving = useT(givingMessages);
  usePageTitle(t('page.donate'));
  const [params] = useSearchParams();
  const driveId = params.get('drive') ?? undefined;
  const corporate = getSessionClaims()?.profileType === 'corporate';
  // A new drive in the address starts the form afresh with it chosen.
  return (
    <>
      <DonateTree key={driveId ?? ''} driveId={driveId} />
      {/* Issue 19 §5: a corporate account gives the same trees to many people at once. */}
      {corporate ? (
        <section
          aria-labelledby="gift-batch-heading"
          className={`${sectionCard} mx-auto mt-6 w-full max-w-5xl`}
        >
          <div className="card-body gap-4">
            <h2 id="gift-batch-heading" className="card-title">
              {giving('batch.title')}
            </h2>
            <GiftBatchUpload driveId={driveId ?? null} />
          </div>
        </section>
      ) : null}
    </>
  );
}
