import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { speciesByValue } from '../../../../contract/options';
import type { PublicSpecies, PublicTree } from '../../../../contract/forest-sharing';
import type { Range } from '../../../../contract/impact';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { Photo } from '../../../components/ui/photo';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { formatCalendarDay } from '../../../lib/dates';
import { formatCount, formatKg, plural } from '../../../lib/numbers';

export const speciesName = (s: { value: number; label: string }) =>
  speciesByValue(s.value)?.label ?? s.label;

/** A public page that is not there (private, unknown): a plain page with the way home. */
export function PublicNotFound({ title, children }: { title: string; children: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className={mutedText}>{children}</p>
      <ButtonLink to="/">Go to Canopy</ButtonLink>
    </div>
  );
}

/** What a public page shows while its query loads, is not found or fails; null once it has data. */
export function publicPageFallback(
  query: Pick<UseQueryResult<unknown, unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>,
  text: { loading: string; notFoundTitle: string; notFound: string; failed: string },
): ReactNode {
  if (query.isPending) return <LoadingState label={text.loading} />;
  if (!query.isError) return null;
  if (query.error instanceof ApiError && query.error.status === 404)
    return <PublicNotFound title={text.notFoundTitle}>{text.notFound}</PublicNotFound>;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <LoadErrorCard
        message={failureMessage(query.error, text.failed)}
        onRetry={() => void query.refetch()}
      />
    </div>
  );
}

export function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-box bg-base-200 p-4">
      <dd className="text-3xl font-extrabold text-green-800 dark:text-green-300">{value}</dd>
      <dt className={`text-sm ${mutedText}`}>{label}</dt>
    </div>
  );
}

/** Figures as a description list (value under its label for assistive technology order). */
export function Figures({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="public-figures">
      {children}
    </dl>
  );
}

/** The public pages' sections are the kit's titled card. */
export { TitledSection as Section } from '../../../components/ui/titled-section';

export function SpeciesList({ species }: { species: PublicSpecies[] }) {
  return (
    <ul className="flex flex-wrap gap-2" data-testid="public-species">
      {species.map((s) => (
        <li key={s.value} className="badge badge-lg badge-outline gap-1 py-3">
          {speciesName(s)} <span className={mutedText}>× {formatCount(s.plants)}</span>
        </li>
      ))}
    </ul>
  );
}

export const co2Text = (co2: Range) =>
  `about ${formatKg(co2.mid)} (likely ${formatKg(co2.low)} – ${formatKg(co2.high)})`;

/** Where a tree grows, as public: the place's named parts, else its position to about 100 m. */
function placeOf(tree: PublicTree): string {
  const parts = [tree.location, tree.driveName ? `drive “${tree.driveName}”` : null].filter(
    Boolean,
  );
  if (parts.length > 0) return parts.join(', ');
  return tree.lat !== null && tree.lng !== null
    ? `near ${tree.lat.toFixed(3)}, ${tree.lng.toFixed(3)}`
    : '';
}

export function PublicTreeCard({ tree }: { tree: PublicTree }) {
  const titleId = useId();
  const name = speciesName(tree.species);
  const place = placeOf(tree);
  const alive =
    tree.status === 'dead'
      ? 'Not alive'
      : tree.aliveCount === tree.count
        ? 'All alive'
        : `${formatCount(tree.aliveCount)} of ${formatCount(tree.count)} alive`;
  return (
    <article
      aria-labelledby={titleId}
      className="card h-full overflow-hidden bg-base-100 shadow-sm"
      data-testid="public-tree"
    >
      <Photo
        src={tree.photoUrl}
        alt={`Photo of ${name}${place ? ` at ${place}` : ''}`}
        className="h-40 w-full"
      />
      <div className="card-body gap-2 p-4">
        <h3 id={titleId} className="text-lg leading-snug font-bold break-words">
          {tree.plants > 1 ? `${name} × ${formatCount(tree.plants)}` : name}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className={mutedText}>Species</dt>
          <dd>
            {name} <i className={mutedText}>{tree.species.scientificName}</i>
          </dd>
          {place ? (
            <>
              <dt className={mutedText}>Where</dt>
              <dd className="break-words">{place}</dd>
            </>
          ) : null}
          <dt className={mutedText}>Planted</dt>
          <dd>
            <time dateTime={tree.plantedAt}>{formatCalendarDay(tree.plantedAt)}</time>
          </dd>
          <dt className={mutedText}>Last check</dt>
          <dd>{alive}</dd>
          <dt className={mutedText}>CO₂ stored</dt>
          <dd>
            {co2Text(tree.co2Kg)}, {tree.basis}
          </dd>
        </dl>
      </div>
    </article>
  );
}

export function TreeGrid({ trees }: { trees: PublicTree[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {trees.map((tree) => (
        <li key={tree.id}>
          <PublicTreeCard tree={tree} />
        </li>
      ))}
    </ul>
  );
}

/** The invitation under every public page. */
export function GrowYourOwn() {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="text-lg font-semibold">Plant, nurture and follow trees with your community.</p>
      <ButtonLink to="/register">Start your own forest</ButtonLink>
    </div>
  );
}

export const treesText = (n: number) => plural(n, 'tree');
