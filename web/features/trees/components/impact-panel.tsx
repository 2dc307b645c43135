import { useId } from 'react';
import { Link } from 'react-router';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { formatKg, IMPACT_METHOD_PATH } from '../format';

type Range = Tree['impact']['co2Kg'];

function Figure({ label, range, testId }: { label: string; range: Range; testId: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-box bg-base-200 p-4" data-testid={testId}>
      <dt className={`text-sm ${mutedText}`}>{label}</dt>
      <dd>
        <span className="text-2xl font-bold">about {formatKg(range.mid)}</span>
        <span className={`block text-sm ${mutedText}`}>
          likely between {formatKg(range.low)} and {formatKg(range.high)}
        </span>
      </dd>
    </div>
  );
}

/** The tree's CO₂ and O₂ figures, each with its range, and where the method is explained. */
export function ImpactPanel({ tree }: { tree: Tree }) {
  const headingId = useId();
  const { impact } = tree;
  const basis =
    tree.status === 'dead'
      ? 'A dead tree counts zero.'
      : impact.basis === 'measured'
        ? 'Estimated from the latest measurement.'
        : 'Predicted from the species’ typical growth (no measurement yet), so the range is wider.';
  return (
    <section className={sectionCard} aria-labelledby={headingId}>
      <div className="card-body gap-4">
        <h2 id={headingId} className="text-xl font-bold">
          Impact
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label="CO₂ stored" range={impact.co2Kg} testId="impact-co2" />
          <Figure label="O₂ released" range={impact.o2Kg} testId="impact-o2" />
          <Figure label="CO₂ taken up this year" range={impact.co2KgPerYear} testId="impact-year" />
        </dl>
        <p className={mutedText}>
          {basis}{' '}
          {tree.aliveCount > 1 && tree.status !== 'dead'
            ? `For all ${tree.aliveCount} plants alive. `
            : ''}
          <Link to={IMPACT_METHOD_PATH} className={textLink}>
            How is this computed?
          </Link>
        </p>
      </div>
    </section>
  );
}
