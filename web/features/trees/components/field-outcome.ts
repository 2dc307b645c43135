import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n/use-t';
import type { SentOrKept } from '../api';
import { treeCareMessages } from '../messages';

/** Tells the member how a field write ended: the server's words, or that it waits on this phone. */
export function useToastOutcome(): (result: SentOrKept<{ message: string }>) => void {
  const t = useT(treeCareMessages);
  return (result) => {
    if ('sent' in result) toast.success(result.sent.message);
    else toast.info(t('outcome.kept'));
  };
}
