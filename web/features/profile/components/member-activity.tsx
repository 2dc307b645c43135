import { Link } from 'react-router';
import type { MemberDrive } from '../../../../contract/drives';
import type { MemberTree } from '../../../../contract/trees';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { formatCalendarDay, formatDriveTime } from '../../../lib/dates';
import { useMemberDrives, useMemberTrees } from '../api';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';
import { useIntlLocale } from '../../../i18n/intl-locale';

function DriveList({
  title,
  drives,
  empty,
}: {
  title: string;
  drives: MemberDrive[];
  empty: string;
}) {
  const t = useT(profileMessages);
  const locale = useIntlLocale();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      {drives.length === 0 ? (
        <p className={mutedText}>{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={title}>
          {drives.map((drive) => (
            <li key={drive.id} className="rounded-box border border-base-300 p-3">
              <Link className={textLink} to={`/app/delive-detail/${encodeURIComponent(drive.id)}`}>
                {drive.driveName}
              </Link>
              <p className={`text-sm ${mutedText}`}>
                <time dateTime={drive.driveDate}>
                  {formatDriveTime(drive.driveDate, drive.timeZone, locale)}
                </time>
                {drive.isPast ? t('drives.tookPlace') : ''}
              </p>
              <p className={`text-sm ${mutedText}`}>{drive.place}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The drives a member organised or joined, each linking to its page. */
function MemberDrives({ id, name }: { id: string; name: string }) {
  const drives = useMemberDrives(id);
  const t = useT(profileMessages);
  return (
    <section className={sectionCard} aria-labelledby="profile-drives">
      <div className="card-body gap-4">
        <h2 id="profile-drives" className="card-title">
          {t('drives.heading')}
        </h2>
        {drives.data ? (
          <div className="grid gap-4 md:grid-cols-2">
            <DriveList
              title={t('drives.organised')}
              drives={drives.data.organised}
              empty={t('drives.noneOrganised', { name })}
            />
            <DriveList
              title={t('drives.joined')}
              drives={drives.data.joined}
              empty={t('drives.noneJoined', { name })}
            />
          </div>
        ) : drives.isError ? (
          <LoadErrorCard message={t('drives.failed')} onRetry={() => void drives.refetch()} />
        ) : (
          <LoadingState label={t('drives.loading')} />
        )}
      </div>
    </section>
  );
}

/** A member's newest trees, each linking to its page (positions there are rounded for others). */
function MemberTrees({ id, name }: { id: string; name: string }) {
  const trees = useMemberTrees(id);
  const t = useT(profileMessages);
  const locale = useIntlLocale();
  const status = (value: MemberTree['status']) => t(`tree.${value}`);
  return (
    <section className={sectionCard} aria-labelledby="profile-trees">
      <div className="card-body gap-4">
        <h2 id="profile-trees" className="card-title">
          {t('trees.heading')}
        </h2>
        {trees.data ? (
          trees.data.data.length === 0 ? (
            <p className={mutedText}>{t('trees.none', { name })}</p>
          ) : (
            <>
              <ul className="grid gap-2 md:grid-cols-2" aria-label={t('trees.list', { name })}>
                {trees.data.data.map((tree) => (
                  <li key={tree.id} className="rounded-box border border-base-300 p-3">
                    <Link className={textLink} to={`/app/trees/${encodeURIComponent(tree.id)}`}>
                      {tree.name ??
                        (tree.count > 1
                          ? t('trees.many', { species: tree.species, count: tree.count })
                          : tree.species)}
                    </Link>
                    <p className={`text-sm ${mutedText}`}>
                      {tree.name ? t('trees.speciesPrefix', { species: tree.species }) : ''}
                      {t('trees.line', {
                        status: status(tree.status),
                        date: formatCalendarDay(tree.plantedAt, locale),
                      })}
                    </p>
                  </li>
                ))}
              </ul>
              {trees.data.total > trees.data.data.length ? (
                <p className={mutedText}>
                  {t('trees.newest', {
                    shown: trees.data.data.length,
                    total: trees.data.total,
                  })}
                </p>
              ) : null}
            </>
          )
        ) : trees.isError ? (
          <LoadErrorCard message={t('trees.failed')} onRetry={() => void trees.refetch()} />
        ) : (
          <LoadingState label={t('trees.loading')} />
        )}
      </div>
    </section>
  );
}

/** The profile's links to what the member does on Canopy. */
export function MemberActivity({ id, name }: { id: string; name: string }) {
  return (
    <>
      <MemberDrives id={id} name={name} />
      <MemberTrees id={id} name={name} />
    </>
  );
}
