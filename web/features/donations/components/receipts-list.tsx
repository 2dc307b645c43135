import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { sectionCard, textLink } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { Link } from 'react-router';
import { useDonations } from '../api';
import {
  amountText,
  DONATE_PATH,
  formatDay,
  giftText,
  recipientName,
  TRANSACTIONS_PATH,
} from '../format';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { Pager } from '../../../components/ui/pager';
import { ReceiptButton } from './receipt-button';

export const RECEIPTS_PAGE_SIZE = 10;

/** The caller's receipts: every paid donation, newest first, each with its PDF. */
export function ReceiptsList() {
  const [page, setPage] = useState(1);
  const list = useDonations({ page, limit: RECEIPTS_PAGE_SIZE, status: 'paid' });
  const answer = list.data;
  let body;
  if (!answer && list.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(list.error, 'Your receipts could not be loaded just now.')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!answer) body = <LoadingState label="Loading receipts…" />;
  else if (!answer.data.length)
    body = (
      <EmptyState action={<ButtonLink to={DONATE_PATH}>Donate Tree</ButtonLink>}>
        No receipts yet. A receipt is issued as soon as a donation is paid.
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
                  {formatDay(donation.paidAt ?? donation.createdAt)} · {giftText(donation)} to{' '}
                  {recipientName(donation)}
                  {/* A cash gift's words are its amount: said once (issue 23 §7). */}
                  {donation.kind === 'trees' ? ` · ${amountText(donation)}` : null}
                </span>
              </div>
              <ReceiptButton donation={donation} size="sm" label="Download" named />
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          limit={answer.limit}
          total={answer.total}
          label="Receipt pages"
          onPage={setPage}
        />
      </>
    );
  return (
    <section className={sectionCard} aria-labelledby="receipts-heading">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="receipts-heading" className="card-title text-2xl">
            Receipts
          </h2>
          <Link to={TRANSACTIONS_PATH} className={textLink}>
            All transactions
          </Link>
        </div>
        {body}
      </div>
    </section>
  );
}
