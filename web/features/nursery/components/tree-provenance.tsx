import { Link } from 'react-router';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useTreeProvenance } from '../api';
import { useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { nurseryMessages } from '../messages';

/** A tree's provenance: the nursery that grew it, the drive, who paid for it, who planted it. */
export function TreeProvenance({ treeId }: { treeId: string }) {
  const provenance = useTreeProvenance(treeId);
  const data = provenance.data;
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  return (
    <section className={sectionCard} aria-labelledby="tree-provenance-heading">
      {/* The tree page's card look: its body, gap and heading (issue 23 §4). */}
      <div className="card-body gap-4">
        <h2 id="tree-provenance-heading" className="text-xl font-bold">
          {t('provenance.heading')}
        </h2>
        {provenance.isError ? (
          <p className="text-error">{failureMessage(provenance.error, t('provenance.failed'))}</p>
        ) : !data ? (
          <p className={mutedText}>
            <Spinner /> {t('provenance.loading')}
          </p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5" data-testid="provenance">
            <dt className={mutedText}>{t('provenance.nursery')}</dt>
            <dd data-testid="provenance-nursery">
              {data.nursery ? data.nursery.name : t('provenance.notRecorded')}
            </dd>
            <dt className={mutedText}>{t('provenance.drive')}</dt>
            <dd data-testid="provenance-drive">
              {data.drive ? (
                <Link className={textLink} to={`/app/delive-detail/${data.drive.id}`}>
                  {data.drive.name}
                </Link>
              ) : (
                t('provenance.outside')
              )}
              {data.drive
                ? t('provenance.driveDate', { date: formatDate(data.drive.startsAt, locale) })
                : null}
            </dd>
            <dt className={mutedText}>{t('provenance.donors')}</dt>
            <dd data-testid="provenance-donors">
              {data.donors.length
                ? data.donors.map((d) => d.name ?? t('provenance.anonymous')).join(', ')
                : t('provenance.noDonations')}
            </dd>
            <dt className={mutedText}>{t('provenance.plantedBy')}</dt>
            <dd data-testid="provenance-planter">
              <Link className={textLink} to={`/app/user-profile/${data.planter.id}`}>
                {data.planter.name}
              </Link>
            </dd>
          </dl>
        )}
      </div>
    </section>
  );
}
