import { toast } from 'sonner';
import { SAVED_ON_PHONE } from '../../../lib/outbox/use-outbox';
import type { SentOrKept } from '../api';

/** Tells the member how a field write ended: the server's words, or that it waits on this phone. */
export function toastOutcome(result: SentOrKept<{ message: string }>): void {
  if ('sent' in result) toast.success(result.sent.message);
  else toast.info(SAVED_ON_PHONE);
}
