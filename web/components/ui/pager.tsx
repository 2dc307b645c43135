import { Button } from './button';
import { useT } from '../../i18n/use-t';
import { useIntlLocale } from '../../i18n/intl-locale';
import { formatCount } from '../../lib/numbers';
import { uiMessages } from './messages';

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
  const t = useT(uiMessages);
  const tu = useT(uiMessages);
  const locale = useIntlLocale();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {tu('action.previous')}
      </Button>
      <p aria-live="polite" data-testid="page-status">
        {t('pager.status', {
          page: formatCount(Math.min(page, pages), locale),
          pages: formatCount(pages, locale),
        })}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {tu('action.next')}
      </Button>
    </nav>
  );
}
