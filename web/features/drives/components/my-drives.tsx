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
import { ToggleGroup, whenOptions } from './toggle-group';
import { useT } from '../../../i18n/use-t';
import { drivesMessages, type DrivesKey } from '../messages';

type Part = MyDrivesPart;

const EMPTY: Record<Part, Record<DriveWhen, DrivesKey>> = {
  organised: { upcoming: 'mine.emptyOrganisedUpcoming', past: 'mine.emptyOrganisedPast' },
  joined: { upcoming: 'mine.emptyJoinedUpcoming', past: 'mine.emptyJoinedPast' },
};

/** Each half's words: its title, its Upcoming / Past switch's name and its loading line. */
const PART_WORDS: Record<Part, { title: DrivesKey; which: DrivesKey; loading: DrivesKey }> = {
  organised: {
    title: 'mine.organised',
    which: 'mine.whichOrganised',
    loading: 'mine.loadingOrganised',
  },
  joined: { title: 'mine.joined', which: 'mine.whichJoined', loading: 'mine.loadingJoined' },
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
function MyDrivesSection({ part }: { part: Part }) {
  const headingId = useId();
  const t = useT(drivesMessages);
  const words = PART_WORDS[part];
  const [when, setWhen] = useState<DriveWhen>('upcoming');
  const mine = useMyDrives(when, part);
  const drives = mine.data?.pages.flatMap((page) => page.data[part]) ?? [];

  let body;
  if (mine.isPending) body = <LoadingState label={t(words.loading)} />;
  else if (mine.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(mine.error, t('mine.failed'))}
        onRetry={() => void mine.refetch()}
      />
    );
  else if (drives.length === 0)
    body = (
      <EmptyState
        action={
          <Link to={PLANTATIONS_PATH} className={textLink}>
            {t('mine.browse')}
          </Link>
        }
      >
        {t(EMPTY[part][when])}
      </EmptyState>
    );
  else
    body = (
      <>
        <DriveGrid drives={drives} />
        <MoreButton pages={mine} label={t('mine.loadMore')} centered />
      </>
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid={`my-${part}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          {t(words.title)}
        </h2>
        <ToggleGroup
          label={t(words.which)}
          options={whenOptions(t)}
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
      {organises || hasOrganised ? <MyDrivesSection part="organised" /> : null}
      <MyDrivesSection part="joined" />
    </div>
  );
}
