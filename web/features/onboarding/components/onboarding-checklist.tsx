import { useId } from 'react';
import { Link } from 'react-router';
import type { Onboarding, OnboardingStep } from '../../../../contract/onboarding';
import { ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { accentText, mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useOnboarding } from '../api';

const ROLE_INTRO: Record<Onboarding['profileType'], string> = {
  individual: 'A few steps to get the most out of Canopy as a volunteer and tree planter.',
  corporate: 'A few steps to run your first tree drive and show its impact.',
  nursery: 'A few steps to set up your nursery so organisers can find your saplings.',
};

/** The checklist for my kind of account, with real progress from the server. */
export function OnboardingChecklist() {
  const id = useId();
  const onboarding = useOnboarding();
  if (onboarding.isError && !onboarding.data)
    return (
      <LoadErrorCard
        message={failureMessage(onboarding.error, 'Your checklist could not be loaded just now.')}
        onRetry={() => void onboarding.refetch()}
      />
    );
  if (!onboarding.data) return <LoadingState label="Loading your checklist…" />;
  const { steps, done, total, profileType } = onboarding.data;
  const next = steps.find((step) => !step.done);
  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-5">
        <h2 id={`${id}-title`} className="card-title text-xl">
          Your first steps
        </h2>
        <p className={mutedText}>{ROLE_INTRO[profileType]}</p>
        <div className="flex flex-col gap-2">
          <p className="font-semibold" id={`${id}-progress`} data-testid="onboarding-progress">
            {done} of {total} done
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
            All done. Welcome to Canopy!
          </p>
        )}
        <ol className="flex flex-col gap-3" aria-label="Getting started steps">
          {steps.map((step) => (
            <StepItem key={step.id} step={step} isNext={step.id === next?.id} />
          ))}
        </ol>
      </div>
    </section>
  );
}

function StepItem({ step, isNext }: { step: OnboardingStep; isNext: boolean }) {
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
              {step.title}
            </Link>
          ) : (
            step.title
          )}
          <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
        </h3>
        <p className={`text-sm ${mutedText}`}>{step.description}</p>
      </div>
      {step.done ? (
        <span className={`text-sm font-semibold ${accentText}`} aria-hidden="true">
          Done
        </span>
      ) : (
        <ButtonLink to={step.href} size="sm" variant={isNext ? 'primary' : 'secondary'}>
          {step.action}
        </ButtonLink>
      )}
    </li>
  );
}
