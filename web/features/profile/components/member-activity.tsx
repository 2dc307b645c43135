import { Link } from 'react-router';
import type { MemberDrive } from '../../../../contract/drives';
import type { MemberTree } from '../../../../contract/trees';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { formatCalendarDay, formatDriveTime } from '../../../lib/dates';
import { useMemberDrives, useMemberTrees } from '../api';

const STATUS_TEXT: Record<MemberTree['status'], string> = {
  healthy: 'Healthy',
  'needs-care': 'Needs care',
  dead: 'Dead',
};

function DriveList({
  title,
  drives,
  empty,
}: {
  title: string;
  drives: MemberDrive[];
  empty: string;
}) {
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
                  {formatDriveTime(drive.driveDate, drive.timeZone)}
                </time>
                {drive.isPast ? ' · took place' : ''}
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
  return (
    <section className={sectionCard} aria-labelledby="profile-drives">
      <div className="card-body gap-4">
        <h2 id="profile-drives" className="card-title">
          Tree drives
        </h2>
        {drives.data ? (
          <div className="grid gap-4 md:grid-cols-2">
            <DriveList
              title="Organised"
              drives={drives.data.organised}
              empty={`${name} has not organised a drive yet.`}
            />
            <DriveList
              title="Joined"
              drives={drives.data.joined}
              empty={`${name} has not joined a drive yet.`}
            />
          </div>
        ) : drives.isError ? (
          <LoadErrorCard
            message="The drives could not be loaded just now."
            onRetry={() => void drives.refetch()}
          />
        ) : (
          <LoadingState label="Loading drives…" />
        )}
      </div>
    </section>
  );
}

/** A member's newest trees, each linking to its page (positions there are rounded for others). */
function MemberTrees({ id, name }: { id: string; name: string }) {
  const trees = useMemberTrees(id);
  return (
    <section className={sectionCard} aria-labelledby="profile-trees">
      <div className="card-body gap-4">
        <h2 id="profile-trees" className="card-title">
          Trees
        </h2>
        {trees.data ? (
          trees.data.data.length === 0 ? (
            <p className={mutedText}>{name} has not registered a tree yet.</p>
          ) : (
            <>
              <ul className="grid gap-2 md:grid-cols-2" aria-label={`Trees of ${name}`}>
                {trees.data.data.map((tree) => (
                  <li key={tree.id} className="rounded-box border border-base-300 p-3">
                    <Link className={textLink} to={`/app/trees/${encodeURIComponent(tree.id)}`}>
                      {tree.name ??
                        (tree.count > 1 ? `${tree.species} × ${tree.count}` : tree.species)}
                    </Link>
                    <p className={`text-sm ${mutedText}`}>
                      {tree.name ? `${tree.species} · ` : ''}
                      {STATUS_TEXT[tree.status]} · planted {formatCalendarDay(tree.plantedAt)}
                    </p>
                  </li>
                ))}
              </ul>
              {trees.data.total > trees.data.data.length ? (
                <p className={mutedText}>
                  The newest {trees.data.data.length} of {trees.data.total} trees.
                </p>
              ) : null}
            </>
          )
        ) : trees.isError ? (
          <LoadErrorCard
            message="The trees could not be loaded just now."
            onRetry={() => void trees.refetch()}
          />
        ) : (
          <LoadingState label="Loading trees…" />
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
