import { usePageTitle } from '../components/ui/page-title';
import { OnboardingChecklist } from '../features/onboarding/components/onboarding-checklist';

/** /app/getting-started — the onboarding checklist for the member's kind of account. */
export default function AppGettingStarted() {
  usePageTitle('Getting started');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <OnboardingChecklist />
    </div>
  );
}
