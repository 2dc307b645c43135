import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ProfileType } from '../../../../contract/auth';
import type { Drive } from '../../../../contract/drives';
import { MoreButton } from '../../../components/ui/more-button';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { textLink } from '../../../components/ui/looks';
import { useMyDrives, type MyDrivesPart } from '../api';
import type { DriveWhen } from '../filters';
import { PLANTATIONS_PATH } from '../format';
import { DriveCard } from './drive-card';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { ToggleGroup, WHEN_OPTIONS } from './toggle-group';

type Part = MyDrivesPart;

const EMPTY: Record<Part, Record<DriveWhen, string>> = {
  organised: {
    upcoming: 'You are not organising any upcoming drives.',
    past: 'You have not organised any drives yet.',
  },
  joined: {
    upcoming: 'You have not joined any upcoming drives yet.',
    past: 'You have not taken part in any drives yet.',
  },
};

function DriveGrid({ drives }: { drives: Drive[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {drives.map((drive) => (
        <li key={drive.id}>
          <DriveCard drive={drive} />
        </li>
      ))}
    </ul>
  );
}

/** One half of My Plantations, with its own Upcoming / Past switch, a page at a time. */
function MyDrivesSection({ part, title }: { part: Part; title: string }) {
  const headingId = useId();
  const [when, setWhen] = useState<DriveWhen>('upcoming');
  const mine = useMyDrives(when, part);
  const drives = mine.data?.pages.flatMap((page) => page.data[part]) ?? [];

  let body;
  if (mine.isPending) body = <LoadingState label={`Loading ${title.toLowerCase()}…`} />;
  else if (mine.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(mine.error, 'Your drives could not be loaded just now.')}
        onRetry={() => void mine.refetch()}
      />
    );
  else if (drives.length === 0)
    body = (
      <EmptyState
        action={
          <Link to={PLANTATIONS_PATH} className={textLink}>
            Browse Plantations
          </Link>
        }
      >
        {EMPTY[part][when]}
      </EmptyState>
    );
  else
    body = (
      <>
        <DriveGrid drives={drives} />
        <MoreButton pages={mine} label="Load more" centered />
      </>
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid={`my-${part}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <ToggleGroup
          label={`${title}: which drives`}
          options={WHEN_OPTIONS}
          value={when}
          onChange={setWhen}
        />
      </div>
      {body}
    </section>
  );
}

/**
 * Whether a member who cannot create drives has organised any (upcoming or past): the same
 * queries the section reads, so no request is made twice. Unknown while loading; a failure
 * shows the section, whose own error says so.
 */
function useHasOrganised(enabled: boolean): boolean | undefined {
  const upcoming = useMyDrives('upcoming', 'organised', enabled);
  const past = useMyDrives('past', 'organised', enabled);
  const any = (q: typeof upcoming) => (q.data?.pages[0]?.data.organised.length ?? 0) > 0;
  if (!enabled) return undefined;
  if (any(upcoming) || any(past) || upcoming.isError || past.isError) return true;
  return upcoming.isPending || past.isPending ? undefined : false;
}

/**
 * My Plantations: the drives I organise and the drives I joined. Only corporate accounts create
 * drives, so everyone else sees "Organised by me" only once they have organised one (issue 23
 * §7: never an empty section they cannot fill).
 */
export function MyDrives({ profileType }: { profileType?: ProfileType | undefined } = {}) {
  const organises = profileType === undefined || profileType === 'corporate';
  const hasOrganised = useHasOrganised(!organises);
  return (
    <div className="flex flex-col gap-10">
      {organises || hasOrganised ? (
        <MyDrivesSection part="organised" title="Organised by me" />
      ) : null}
      <MyDrivesSection part="joined" title="Joined" />
    </div>
  );
}
