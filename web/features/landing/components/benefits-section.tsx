import { BENEFITS } from '../content';
import { Icon } from './icons';
import { iconChip, SectionHeading } from './primitives';

/** Why trees matter: well-established effects, said plainly. */
export function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-title" className="bg-base-100 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="benefits-title" eyebrow="Why trees" title="Small roots, big returns">
          <p>
            A tree gives back for decades. Here is some of what the trees you plant and care for do
            for the place you live.
          </p>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li
              key={benefit.title}
              className="rounded-2xl border border-base-content/10 bg-base-100 p-6 shadow-sm"
            >
              <span className={iconChip}>
                <Icon name={benefit.icon} />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{benefit.title}</h3>
              <p className="mt-2 text-base-content/80">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
