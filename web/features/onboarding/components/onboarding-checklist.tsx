import { useId } from 'react';
import { Link } from 'react-router';
import type { Onboarding, OnboardingStep } from '../../../../contract/onboarding';
import { ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { accentText, mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useOnboarding } from '../api';
import { onboardingMessages, type OnboardingKey } from '../messages';

const ROLE_INTRO: Record<Onboarding['profileType'], OnboardingKey> = {
  individual: 'intro.individual',
  corporate: 'intro.corporate',
  nursery: 'intro.nursery',
};

/** The checklist for my kind of account, with real progress from the server. */
export function OnboardingChecklist() {
  const id = useId();
  const onboarding = useOnboarding();
  const t = useT(onboardingMessages);
  if (onboarding.isError && !onboarding.data)
    return (
      <LoadErrorCard
        message={failureMessage(onboarding.error, t('failed'))}
        onRetry={() => void onboarding.refetch()}
      />
    );
  if (!onboarding.data) return <LoadingState label={t('loading')} />;
  const { steps, done, total, profileType } = onboarding.data;
  const next = steps.find((step) => !step.done);
  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-5">
        <h2 id={`${id}-title`} className="card-title text-xl">
          {t('title')}
        </h2>
        <p className={mutedText}>{t(ROLE_INTRO[profileType])}</p>
        <div className="flex flex-col gap-2">
          <p className="font-semibold" id={`${id}-progress`} data-testid="onboarding-progress">
            {t('progress', { done, total })}
          </p>
          <progress
            className="progress progress-primary h-3 w-full"
            value={done}
            max={total}
            aria-labelledby={`${id}-progress`}
          />
        </div>
        {next ? null : (
          <p role="status" className={`font-semibold ${accentText}`}>
            {t('allDone')}
          </p>
        )}
        <ol className="flex flex-col gap-3" aria-label={t('steps')}>
          {steps.map((step) => (
            <StepItem key={step.id} step={step} isNext={step.id === next?.id} />
          ))}
        </ol>
      </div>
    </section>
  );
}

function StepItem({ step, isNext }: { step: OnboardingStep; isNext: boolean }) {
  const t = useT(onboardingMessages);
  const title = t(`step.${step.id}.title`);
  return (
    <li
      className={`flex flex-wrap items-start gap-3 rounded-box border p-4 ${
        step.done ? 'border-base-content/10 bg-base-200' : 'border-base-content/20'
      }`}
      data-testid={`step-${step.id}`}
      data-done={step.done}
    >
      <span
        className={`flex size-8 shrink-0 items-center justify-center rounded-full ${
          step.done ? 'bg-primary text-primary-content' : 'border-2 border-base-content/30'
        }`}
        aria-hidden="true"
      >
        {step.done ? (
          <Icon>
            <path d="M5 12l5 5L19 7" />
          </Icon>
        ) : null}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold">
          {step.done ? (
            <Link to={step.href} className={textLink}>
              {title}
            </Link>
          ) : (
            title
          )}
          <span className="sr-only">{step.done ? t('stepDone') : t('stepToDo')}</span>
        </h3>
        <p className={`text-sm ${mutedText}`}>{t(`step.${step.id}.description`)}</p>
      </div>
      {step.done ? (
        <span className={`text-sm font-semibold ${accentText}`} aria-hidden="true">
          {t('done')}
        </span>
      ) : (
        <ButtonLink to={step.href} size="sm" variant={isNext ? 'primary' : 'secondary'}>
          {t(`step.${step.id}.action`)}
        </ButtonLink>
      )}
    </li>
  );
}
