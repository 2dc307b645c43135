import { useId } from 'react';
import { Link } from 'react-router';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { formatKg, IMPACT_METHOD_PATH } from '../format';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages } from '../messages';

type Range = Tree['impact']['co2Kg'];

function Figure({ label, range, testId }: { label: string; range: Range; testId: string }) {
  const t = useT(treeCareMessages);
  const locale = useIntlLocale();
  return (
    <div className="flex flex-col gap-1 rounded-box bg-base-200 p-4" data-testid={testId}>
      <dt className={`text-sm ${mutedText}`}>{label}</dt>
      <dd>
        <span className="text-2xl font-bold">
          {t('impact.about', { kg: formatKg(range.mid, locale) })}
        </span>
        <span className={`block text-sm ${mutedText}`}>
          {t('impact.range', {
            low: formatKg(range.low, locale),
            high: formatKg(range.high, locale),
          })}
        </span>
      </dd>
    </div>
  );
}

/** The tree's CO₂ and O₂ figures, each with its range, and where the method is explained. */
export function ImpactPanel({ tree }: { tree: Tree }) {
  const headingId = useId();
  const { impact } = tree;
  const t = useT(treeCareMessages);
  const basis =
    tree.status === 'dead'
      ? t('impact.dead')
      : impact.basis === 'measured'
        ? t('impact.measured')
        : t('impact.predicted');
  return (
    <section className={sectionCard} aria-labelledby={headingId}>
      <div className="card-body gap-4">
        <h2 id={headingId} className="text-xl font-bold">
          {t('impact.heading')}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label={t('impact.co2')} range={impact.co2Kg} testId="impact-co2" />
          <Figure label={t('impact.o2')} range={impact.o2Kg} testId="impact-o2" />
          <Figure label={t('impact.year')} range={impact.co2KgPerYear} testId="impact-year" />
        </dl>
        <p className={mutedText}>
          {basis}{' '}
          {tree.aliveCount > 1 && tree.status !== 'dead'
            ? `${t('impact.allPlants', { count: tree.aliveCount })} `
            : ''}
          <Link to={IMPACT_METHOD_PATH} className={textLink}>
            {t('impact.how')}
          </Link>
        </p>
      </div>
    </section>
  );
}
