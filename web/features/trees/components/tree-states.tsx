import type { ReactNode } from 'react';
import { TREE_MESSAGES } from '../../../../contract/trees';
import { mutedText } from '../../../components/ui/looks';
import { NotFoundCard } from '../../../components/ui/status-cards';
import { ApiError } from '../../../lib/api-client';
import { MY_TREES_PATH } from '../format';

const FALLBACK = 'Something went wrong. Please try again.';

/** What to tell the user about a failed call: the server's own message whenever it sent one. */
export function failureMessage(error: unknown, fallback = FALLBACK): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return 'No response received from server.';
  if (error.code === 'BAD_RESPONSE') return fallback;
  return error.message || fallback;
}

/** A friendly note where a list has nothing to show, with a way on. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-box border-2 border-dashed border-base-content/20 p-8 text-center"
      data-testid="empty-state"
    >
      <p className={mutedText}>{children}</p>
      {action}
    </div>
  );
}

/** Shown inside the app for an unknown or deleted tree. */
export function TreeNotFound() {
  return (
    <NotFoundCard
      headingId="tree-missing"
      title={TREE_MESSAGES.notFound}
      to={MY_TREES_PATH}
      linkLabel="Go to My Trees"
    >
      The link may be wrong, or the tree may have been deleted by the person who registered it.
    </NotFoundCard>
  );
}
