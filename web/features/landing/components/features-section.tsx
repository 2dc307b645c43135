import { useT } from '../../../i18n/use-t';
import { AUDIENCES, FEATURE_BENEFITS, FEATURES } from '../content';
import { landingMessages } from '../messages';
import { Icon } from './icons';
import { accentText, iconChip, SectionHeading } from './primitives';

function Check() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      className={`mt-0.5 h-5 w-5 shrink-0 ${accentText}`}
      fill="currentColor"
    >
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
    </svg>
  );
}

export function FeaturesSection() {
  const t = useT(landingMessages);
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 bg-base-200 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow={t('features.eyebrow')}
          title={t('features.title')}
        >
          <p>{t('features.intro')}</p>
        </SectionHeading>

        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li
              key={feature.id}
              className="flex flex-col rounded-2xl border border-base-content/10 bg-base-100 p-6 shadow-sm"
              data-testid="feature"
            >
              <span className={iconChip}>
                <Icon name={feature.icon} />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{t(`features.${feature.id}.title`)}</h3>
              <p className="mt-2 text-base-content/80">{t(`features.${feature.id}.description`)}</p>
              <ul
                className="mt-4 flex flex-col gap-2"
                aria-label={t('features.benefitsLabel', {
                  feature: t(`features.${feature.id}.title`),
                })}
              >
                {FEATURE_BENEFITS.map((benefit) => (
                  <li key={benefit} className="flex gap-2 text-sm font-medium">
                    <Check />
                    {t(`features.${feature.id}.${benefit}`)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>

        <div className="mt-16">
          <h3 className="text-center text-xl font-semibold">{t('audiences.title')}</h3>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {AUDIENCES.map((audience) => (
              <li
                key={audience}
                className="rounded-2xl bg-base-100 p-5 ring-1 ring-base-content/10"
              >
                <p className="font-semibold">{t(`audiences.${audience}.title`)}</p>
                <p className="mt-1 text-sm text-base-content/80">
                  {t(`audiences.${audience}.text`)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
