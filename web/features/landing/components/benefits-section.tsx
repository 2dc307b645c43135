import { useT } from '../../../i18n/use-t';
import { BENEFITS } from '../content';
import { landingMessages } from '../messages';
import { Icon } from './icons';
import { iconChip, SectionHeading } from './primitives';

/** Why trees matter: well-established effects, said plainly. */
export function BenefitsSection() {
  const t = useT(landingMessages);
  return (
    <section aria-labelledby="benefits-title" className="bg-base-100 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="benefits-title"
          eyebrow={t('benefits.eyebrow')}
          title={t('benefits.title')}
        >
          <p>{t('benefits.intro')}</p>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li
              key={benefit}
              className="rounded-2xl border border-base-content/10 bg-base-100 p-6 shadow-sm"
            >
              <span className={iconChip}>
                <Icon name={benefit} />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{t(`benefits.${benefit}.title`)}</h3>
              <p className="mt-2 text-base-content/80">{t(`benefits.${benefit}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
