import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { Link } from 'react-router';
import { useDonations } from '../api';
import { DONATE_PATH, TRANSACTIONS_PATH } from '../format';
import { useDonationWords } from '../words';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { Pager } from '../../../components/ui/pager';
import { ReceiptButton } from './receipt-button';

export const RECEIPTS_PAGE_SIZE = 10;

/** The caller's receipts: every paid donation, newest first, each with its PDF. */
export function ReceiptsList() {
  const [page, setPage] = useState(1);
  const words = useDonationWords();
  const { t } = words;
  const list = useDonations({ page, limit: RECEIPTS_PAGE_SIZE, status: 'paid' });
  const answer = list.data;
  let body;
  if (!answer && list.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(list.error, t('receipts.loadFailed'))}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!answer) body = <LoadingState label={t('receipts.loading')} />;
  else if (!answer.data.length)
    body = (
      <EmptyState action={<ButtonLink to={DONATE_PATH}>{t('donateTree')}</ButtonLink>}>
        {t('receipts.empty')}
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="flex flex-col divide-y divide-base-content/10" data-testid="receipt-list">
          {answer.data.map((donation) => (
            <li
              key={donation.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="flex flex-col">
                <span className="font-semibold">{donation.receiptNumber}</span>
                <span className="text-sm text-base-content/80">
                  {/* A cash gift's words are its amount: said once (issue 23 §7). */}
                  {t(donation.kind === 'trees' ? 'receipts.lineTrees' : 'receipts.line', {
                    day: words.day(donation.paidAt ?? donation.createdAt),
                    gift: words.gift(donation),
                    recipient: words.recipient(donation),
                    amount: words.amount(donation),
                  })}
                </span>
              </div>
              <ReceiptButton donation={donation} size="sm" label={t('table.download')} named />
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          limit={answer.limit}
          total={answer.total}
          label={t('receipts.pages')}
          onPage={setPage}
        />
      </>
    );
  return (
    <section className={sectionCard} aria-labelledby="receipts-heading">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="receipts-heading" className="card-title text-2xl">
            {t('receipts.title')}
          </h2>
          <Link to={TRANSACTIONS_PATH} className={textLink}>
            {t('receipts.all')}
          </Link>
        </div>
        {body}
      </div>
    </section>
  );
}
