import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { DONATION_STATUSES, type DonationStatus } from '../../../../contract/donations';
import { Button, ButtonLink } from '../../../components/ui/button';
import { sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { downloadDonationsCsv, useDonations } from '../api';
import { DONATE_PATH } from '../format';
import { useDonationWords } from '../words';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { DonationsTable } from './donations-table';
import { Pager } from '../../../components/ui/pager';

export const TRANSACTIONS_PAGE_SIZE = 10;

const isStatus = (value: string | null): value is DonationStatus =>
  (DONATION_STATUSES as readonly string[]).includes(value ?? '');

/** Reads `?status=&page=` (anything hand-edited and invalid falls back to all, page 1). */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const set = (next: { status?: DonationStatus | undefined; page?: number }) => {
    const out = new URLSearchParams();
    const nextStatus = 'status' in next ? next.status : status;
    const nextPage = next.page ?? 1;
    if (nextStatus) out.set('status', nextStatus);
    if (nextPage > 1) out.set('page', String(nextPage));
    setParams(out);
  };
  return { status, page, set };
}

function CsvButton() {
  const [busy, setBusy] = useState(false);
  const { t } = useDonationWords();
  const download = async () => {
    setBusy(true);
    try {
      await downloadDonationsCsv();
    } catch (error) {
      toast.error(failureMessage(error, t('tx.csvFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      busy={busy}
      busyLabel={t('tx.downloading')}
      onClick={() => void download()}
    >
      {t('tx.csv')}
    </Button>
  );
}

/** /app/transactions: every donation the caller made, filtered by status, a page at a time. */
export function Transactions() {
  const filterId = useId();
  const words = useDonationWords();
  const { t } = words;
  const { status, page, set } = useListParams();
  const list = useDonations({ page, limit: TRANSACTIONS_PAGE_SIZE, status });
  const answer = list.data;

  let body;
  if (list.isError && !answer)
    body = (
      <LoadErrorCard
        message={failureMessage(list.error, t('tx.loadFailed'))}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!answer) body = <LoadingState label={t('tx.loading')} />;
  else if (!answer.data.length)
    body = status ? (
      <EmptyState
        action={<Button onClick={() => set({ status: undefined })}>{t('tx.showAll')}</Button>}
      >
        {t('tx.noneWithStatus', { status })}
      </EmptyState>
    ) : page > 1 ? (
      <EmptyState action={<Button onClick={() => set({ page: 1 })}>{t('tx.firstPage')}</Button>}>
        {t('tx.emptyPage')}
      </EmptyState>
    ) : (
      <EmptyState action={<ButtonLink to={DONATE_PATH}>{t('donateTree')}</ButtonLink>}>
        {t('tx.empty')}
      </EmptyState>
    );
  else
    body = (
      <>
        <p className="text-sm" aria-live="polite" data-testid="transactions-total">
          {t('tx.total', { count: answer.total })}
        </p>
        <DonationsTable
          donations={answer.data}
          caption={t('tx.title')}
          busy={list.isPlaceholderData}
        />
        <Pager
          page={page}
          limit={answer.limit}
          total={answer.total}
          label={t('tx.pages')}
          onPage={(next) => set({ page: next })}
        />
      </>
    );

  return (
    <section className={`${sectionCard} mx-auto w-full max-w-5xl`} aria-labelledby="tx-heading">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="tx-heading" className="card-title text-2xl">
            {t('tx.title')}
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={filterId} className="text-sm font-semibold">
                {t('tx.status')}
              </label>
              <select
                id={filterId}
                className="select w-48 text-base"
                value={status ?? ''}
                onChange={(event) =>
                  set({ status: isStatus(event.target.value) ? event.target.value : undefined })
                }
              >
                <option value="">{t('tx.allStatuses')}</option>
                {DONATION_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {words.status(value)}
                  </option>
                ))}
              </select>
            </div>
            <CsvButton />
          </div>
        </div>
        {list.isError && answer ? (
          <p className="alert alert-error" role="alert">
            {failureMessage(list.error, t('tx.refreshFailed'))}
          </p>
        ) : null}
        {body}
      </div>
    </section>
  );
}
