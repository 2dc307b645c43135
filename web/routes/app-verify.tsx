import { usePageTitle } from '../components/ui/page-title';
import { VerifyQueue } from '../features/verification/components/verify-queue';
import { useT } from '../i18n/use-t';
import { verificationMessages } from '../features/verification/messages';

/** /app/verify — the trees waiting for the caller to verify or reject (issue 21 §2). */
export default function AppVerify() {
  const t = useT(verificationMessages);
  usePageTitle(t('page.title'));
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <VerifyQueue />
    </div>
  );
}
