import { Button } from './button';

/** Previous / Next through a paged list, with "Page 2 of 5". Nothing when one page holds all. */
export function Pager({
  page,
  limit,
  total,
  label,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  /** Names the navigation, e.g. "Transactions pages". */
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p aria-live="polite" data-testid="page-status">
        Page {Math.min(page, pages)} of {pages}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
