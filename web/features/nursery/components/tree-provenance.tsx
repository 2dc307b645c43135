import { Link } from 'react-router';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useTreeProvenance } from '../api';

/** A tree's provenance: the nursery that grew it, the drive, who paid for it, who planted it. */
export function TreeProvenance({ treeId }: { treeId: string }) {
  const provenance = useTreeProvenance(treeId);
  const data = provenance.data;
  return (
    <section className={sectionCard} aria-labelledby="tree-provenance-heading">
      {/* The tree page's card look: its body, gap and heading (issue 23 §4). */}
      <div className="card-body gap-4">
        <h2 id="tree-provenance-heading" className="text-xl font-bold">
          Provenance
        </h2>
        {provenance.isError ? (
          <p className="text-error">
            {failureMessage(provenance.error, 'The provenance could not be loaded.')}
          </p>
        ) : !data ? (
          <p className={mutedText}>
            <Spinner /> Loading…
          </p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5" data-testid="provenance">
            <dt className={mutedText}>Nursery</dt>
            <dd data-testid="provenance-nursery">
              {data.nursery ? data.nursery.name : 'Not recorded'}
            </dd>
            <dt className={mutedText}>Drive</dt>
            <dd data-testid="provenance-drive">
              {data.drive ? (
                <Link className={textLink} to={`/app/delive-detail/${data.drive.id}`}>
                  {data.drive.name}
                </Link>
              ) : (
                'Planted outside a drive'
              )}
              {data.drive ? ` (${formatDate(data.drive.startsAt)})` : null}
            </dd>
            <dt className={mutedText}>Donors</dt>
            <dd data-testid="provenance-donors">
              {data.donors.length
                ? data.donors.map((d) => d.name ?? 'Anonymous donors').join(', ')
                : 'No donations recorded'}
            </dd>
            <dt className={mutedText}>Planted by</dt>
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
