import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT, type Translate } from '../../../i18n/use-t';
import { causeKey, formatDay, formatMoment, sizeKey, statusKey, treePath } from '../format';
import { treesMessages, type TreesKey } from '../messages';
import { CareSection } from './care-section';
import { GrowthSection } from './growth-section';
import { ImpactPanel } from './impact-panel';
import { OwnerActions } from './owner-actions';
import { PhotoTimeline } from './photo-timeline';
import { Photo } from '../../../components/ui/photo';
import { plantsText, StatusBadge } from './tree-card';
import { useTreeNames } from '../use-tree-names';

const causeLabel = (t: Translate<TreesKey>, cause: string) => {
  const key = causeKey(cause);
  return key ? t(key) : cause;
};

/** "Needs care (Pests), reported 3 Mar 2026, 10:15". */
function healthText(t: Translate<TreesKey>, tree: Tree, locale: string | undefined) {
  const status = t(statusKey(tree.status));
  const health = tree.cause
    ? t('facts.healthCause', { status, cause: causeLabel(t, tree.cause) })
    : status;
  return tree.statusChangedAt
    ? t('facts.healthReported', { health, when: formatMoment(tree.statusChangedAt, locale) })
    : health;
}

/** Drive pages live at this address (a route, not another feature's code). */
const drivePath = (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`;

/** What is wrong with a tree that needs care: the reporter's words and photo. */
function Problem({ tree, problem }: { tree: Tree; problem: NonNullable<Tree['problem']> }) {
  const t = useT(treesMessages);
  const names = useTreeNames();
  return (
    <div className="mt-1 flex flex-col gap-2" data-testid="tree-problem">
      {problem.note ? <q className="block italic">{problem.note}</q> : null}
      {problem.photoUrl ? (
        <Photo
          src={problem.photoUrl}
          alt={t('facts.problemPhotoAlt', { title: names.title(tree) })}
          className="h-32 w-48 rounded-box"
        />
      ) : null}
    </div>
  );
}

function Facts({ tree }: { tree: Tree }) {
  const t = useT(treesMessages);
  const locale = useIntlLocale();
  const size = sizeKey(tree.size);
  const names = useTreeNames();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
      <dt className={mutedText}>{t('facts.species')}</dt>
      <dd>
        {names.species(tree.species.value)}{' '}
        <i className={mutedText}>{tree.species.scientificName}</i>
      </dd>
      <dt className={mutedText}>{t('facts.plants')}</dt>
      <dd data-testid="tree-plants">{plantsText(t, tree)}</dd>
      <dt className={mutedText}>{t('facts.size')}</dt>
      <dd>{size ? t(size) : tree.size}</dd>
      <dt className={mutedText}>{t('facts.planted')}</dt>
      <dd>
        <time dateTime={tree.plantedAt}>{formatDay(tree.plantedAt, locale)}</time>
      </dd>
      {tree.location ? (
        <>
          <dt className={mutedText}>{t('facts.where')}</dt>
          <dd className="break-words">{tree.location}</dd>
        </>
      ) : null}
      <dt className={mutedText}>{t('facts.health')}</dt>
      <dd data-testid="tree-health">
        {healthText(t, tree, locale)}
        {tree.problem ? <Problem tree={tree} problem={tree.problem} /> : null}
      </dd>
      {tree.driveId ? (
        <>
          <dt className={mutedText}>{t('facts.drive')}</dt>
          <dd>
            <Link to={drivePath(tree.driveId)} className={textLink}>
              {t('facts.driveLink')}
            </Link>
          </dd>
        </>
      ) : null}
      {tree.replacesTreeId ? (
        <>
          <dt className={mutedText}>{t('facts.replaces')}</dt>
          <dd>
            <Link to={treePath(tree.replacesTreeId)} className={textLink}>
              {t('facts.replacesLink')}
            </Link>
          </dd>
        </>
      ) : null}
      {tree.replacedByTreeId ? (
        <>
          <dt className={mutedText}>{t('facts.replacedBy')}</dt>
          <dd>
            <Link to={treePath(tree.replacedByTreeId)} className={textLink}>
              {t('facts.replacedByLink')}
            </Link>
          </dd>
        </>
      ) : null}
      {tree.isOwner ? null : (
        <>
          <dt className={mutedText}>{t('facts.owner')}</dt>
          <dd>{tree.owner.name}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * One tree: what it is, the owner's actions, impact, growth, photos and care; `children` (the
 * page's further cards, e.g. provenance) follow in the same column: same width, gap and edges.
 */
export function TreeDetail({ tree, children }: { tree: Tree; children?: ReactNode }) {
  const headingId = useId();
  const names = useTreeNames();
  const title = names.title(tree);
  const t = useT(treesMessages);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <section className={sectionCard} aria-labelledby={headingId}>
        <div className="card-body gap-4 md:flex-row">
          <Photo
            src={tree.photoUrl}
            alt={t('card.photoAlt', { title })}
            className="h-56 w-full shrink-0 rounded-box md:w-72"
          />
          <div className="flex min-w-0 flex-col gap-3">
            <StatusBadge status={tree.status} />
            <h2 id={headingId} className="text-2xl font-bold break-words">
              {title}
            </h2>
            <Facts tree={tree} />
            {tree.isOwner ? <OwnerActions tree={tree} /> : null}
          </div>
        </div>
      </section>
      <ImpactPanel tree={tree} />
      <GrowthSection tree={tree} />
      <PhotoTimeline tree={tree} />
      <CareSection tree={tree} isOwner={tree.isOwner} />
      {children}
    </div>
  );
}
