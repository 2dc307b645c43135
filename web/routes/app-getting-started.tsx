import { usePageTitle } from '../components/ui/page-title';
import { OnboardingChecklist } from '../features/onboarding/components/onboarding-checklist';
import { onboardingMessages } from '../features/onboarding/messages';
import { useT } from '../i18n/use-t';

/** /app/getting-started — the onboarding checklist for the member's kind of account. */
export default function AppGettingStarted() {
  const t = useT(onboardingMessages);
  usePageTitle(t('page.title'));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <OnboardingChecklist />
    </div>
  );
}
