import { VERIFY_PATH, WAITING_COUNT_MAX } from '../../../../contract/tree-verification';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { useT } from '../../../i18n/use-t';
import { verificationMessages } from '../messages';
import { useVerificationQueue } from '../api';

/**
 * A home's line about the trees waiting for the member's verification (issue 23: what the account
 * does next), from the queue's first page (the one /app/verify shows, one request for both).
 * Nothing while it loads, fails or nothing waits: the home's other parts carry on.
 */
export function VerificationWaiting() {
  const queue = useVerificationQueue();
  const t = useT(verificationMessages);
  const first = queue.data?.pages[0];
  if (!first || !first.canVerify || first.waiting === 0) return null;
  const count = first.waitingMore
    ? t('waiting.more', { max: WAITING_COUNT_MAX })
    : t('waiting.count', { count: first.waiting });
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-4"
      data-testid="verification-waiting"
    >
      <p>
        <span className="font-semibold">{count}</span>{' '}
        <span className={mutedText}>{t('waiting.hint')}</span>
      </p>
      <ButtonLink size="sm" variant="secondary" to={VERIFY_PATH}>
        {t('waiting.verify')}
      </ButtonLink>
    </div>
  );
}
