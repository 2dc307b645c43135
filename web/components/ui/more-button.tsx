import { Button } from './button';
import { mutedText } from './looks';

/** What a paged list (TanStack Query's infinite query) tells the button. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/**
 * "Show more" for a list read a page at a time: asks for the next page while there is one, and
 * says how many of how many are shown when `total` is known. Nothing once the last page is in.
 */
export function MoreButton({
  pages,
  label = 'Show more',
  shown,
  total,
  size,
  centered = false,
}: {
  pages: MorePages;
  label?: string;
  shown?: number;
  total?: number;
  size?: 'sm';
  /** Under a grid of cards: the button centred below it. */
  centered?: boolean;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={`flex flex-wrap items-center gap-3 ${centered ? 'justify-center' : ''}`}>
      <Button
        variant="secondary"
        size={size ?? 'md'}
        busy={pages.isFetchingNextPage}
        busyLabel="Loading…"
        onClick={() => void pages.fetchNextPage()}
      >
        {label}
      </Button>
      {shown !== undefined && total !== undefined ? (
        <span className={`text-sm ${mutedText}`}>
          Showing {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
        </span>
      ) : null}
    </div>
  );
}
