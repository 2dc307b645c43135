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
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { formatCount, formatKg } from '../../../lib/numbers';
import { sharingMessages, type SharingT } from '../messages';

export const speciesName = (s: { value: number; label: string }) =>
  speciesByValue(s.value)?.label ?? s.label;

/** A public page that is not there (private, unknown): a plain page with the way home. */
export function PublicNotFound({ title, children }: { title: string; children: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className={mutedText}>{children}</p>
      <GoHome />
    </div>
  );
}

function GoHome() {
  const t = useT(sharingMessages);
  return <ButtonLink to="/">{t('notFound.home')}</ButtonLink>;
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
  const locale = useIntlLocale();
  return (
    <ul className="flex flex-wrap gap-2" data-testid="public-species">
      {species.map((s) => (
        <li key={s.value} className="badge badge-lg badge-outline gap-1 py-3">
          {speciesName(s)} <span className={mutedText}>× {formatCount(s.plants, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

export const co2Text = (co2: Range, t: SharingT, locale?: string) =>
  t('co2', {
    mid: formatKg(co2.mid, locale),
    low: formatKg(co2.low, locale),
    high: formatKg(co2.high, locale),
  });

/** Where a tree grows, as public: the place's named parts, else its position to about 100 m. */
function placeOf(tree: PublicTree, t: SharingT): string {
  const parts = [
    tree.location,
    tree.driveName ? t('place.drive', { name: tree.driveName }) : null,
  ].filter(Boolean);
  if (parts.length > 0) return parts.join(', ');
  return tree.lat !== null && tree.lng !== null
    ? t('place.near', { lat: tree.lat.toFixed(3), lng: tree.lng.toFixed(3) })
    : '';
}

export function PublicTreeCard({ tree }: { tree: PublicTree }) {
  const titleId = useId();
  const t = useT(sharingMessages);
  const locale = useIntlLocale();
  const name = speciesName(tree.species);
  const place = placeOf(tree, t);
  const alive =
    tree.status === 'dead'
      ? t('alive.not')
      : tree.aliveCount === tree.count
        ? t('alive.all')
        : t('alive.some', { alive: tree.aliveCount, count: tree.count });
  return (
    <article
      aria-labelledby={titleId}
      className="card h-full overflow-hidden bg-base-100 shadow-sm"
      data-testid="public-tree"
    >
      <Photo
        src={tree.photoUrl}
        alt={place ? t('tree.photoAltAt', { name, place }) : t('tree.photoAlt', { name })}
        className="h-40 w-full"
      />
      <div className="card-body gap-2 p-4">
        <h3 id={titleId} className="text-lg leading-snug font-bold break-words">
          {tree.plants > 1 ? `${name} × ${formatCount(tree.plants, locale)}` : name}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className={mutedText}>{t('tree.species')}</dt>
          <dd>
            {name} <i className={mutedText}>{tree.species.scientificName}</i>
          </dd>
          {place ? (
            <>
              <dt className={mutedText}>{t('tree.where')}</dt>
              <dd className="break-words">{place}</dd>
            </>
          ) : null}
          <dt className={mutedText}>{t('tree.planted')}</dt>
          <dd>
            <time dateTime={tree.plantedAt}>{formatCalendarDay(tree.plantedAt, locale)}</time>
          </dd>
          <dt className={mutedText}>{t('tree.lastCheck')}</dt>
          <dd>{alive}</dd>
          <dt className={mutedText}>{t('tree.co2')}</dt>
          <dd>{t('tree.co2Basis', { co2: co2Text(tree.co2Kg, t, locale), basis: tree.basis })}</dd>
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
  const t = useT(sharingMessages);
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="text-lg font-semibold">{t('grow.text')}</p>
      <ButtonLink to="/register">{t('grow.button')}</ButtonLink>
    </div>
  );
}

/** The public pages' header link and footer, in the reader's language. */
export function usePublicShareChrome() {
  const t = useT(sharingMessages);
  const home = { label: t('nav.home'), href: '/' };
  return {
    header: { links: [home], actions: ['signIn' as const] },
    footer: {
      about: t('footer.about'),
      groups: [
        {
          heading: 'Canopy',
          links: [
            home,
            { label: t('footer.register'), href: '/register' },
            { label: t('footer.impact'), href: '/documentation#impact-method' },
          ],
        },
      ],
    },
  };
}
