import { Button } from './button';
import { mutedText } from './looks';
import { useT } from '../../i18n/use-t';
import { useIntlLocale } from '../../i18n/intl-locale';
import { formatCount } from '../../lib/numbers';
import { uiMessages } from './messages';

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
  label,
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
  const t = useT(uiMessages);
  const tu = useT(uiMessages);
  const locale = useIntlLocale();
  if (!pages.hasNextPage) return null;
  return (
    <div className={`flex flex-wrap items-center gap-3 ${centered ? 'justify-center' : ''}`}>
      <Button
        variant="secondary"
        size={size ?? 'md'}
        busy={pages.isFetchingNextPage}
        busyLabel={tu('status.loading')}
        onClick={() => void pages.fetchNextPage()}
      >
        {label ?? tu('action.showMore')}
      </Button>
      {shown !== undefined && total !== undefined ? (
        <span className={`text-sm ${mutedText}`}>
          {t('more.showing', {
            shown: formatCount(shown, locale),
            total: formatCount(total, locale),
          })}
        </span>
      ) : null}
    </div>
  );
}
