import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  DONATION_STATUS_LABELS,
  DONATION_STATUSES,
  type DonationStatus,
} from '../../../../contract/donations';
import { Button, ButtonLink } from '../../../components/ui/button';
import { sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { downloadDonationsCsv, useDonations } from '../api';
import { plural } from '../../../lib/numbers';
import { DONATE_PATH } from '../format';
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
  const download = async () => {
    setBusy(true);
    try {
      await downloadDonationsCsv();
    } catch (error) {
      toast.error(failureMessage(error, 'The CSV file could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      busy={busy}
      busyLabel="Downloading…"
      onClick={() => void download()}
    >
      Download CSV
    </Button>
  );
}

/** /app/transactions: every donation the caller made, filtered by status, a page at a time. */
export function Transactions() {
  const filterId = useId();
  const { status, page, set } = useListParams();
  const list = useDonations({ page, limit: TRANSACTIONS_PAGE_SIZE, status });
  const answer = list.data;

  let body;
  if (list.isError && !answer)
    body = (
      <LoadErrorCard
        message={failureMessage(list.error, 'Your transactions could not be loaded just now.')}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!answer) body = <LoadingState label="Loading transactions…" />;
  else if (!answer.data.length)
    body = status ? (
      <EmptyState action={<Button onClick={() => set({ status: undefined })}>Show all</Button>}>
        You have no {DONATION_STATUS_LABELS[status].toLowerCase()} donations.
      </EmptyState>
    ) : page > 1 ? (
      <EmptyState action={<Button onClick={() => set({ page: 1 })}>Go to the first page</Button>}>
        This page is empty.
      </EmptyState>
    ) : (
      <EmptyState action={<ButtonLink to={DONATE_PATH}>Donate Tree</ButtonLink>}>
        You have not made any donations yet. Give trees or cash to a drive or to the general fund,
        and they will show here with their receipts.
      </EmptyState>
    );
  else
    body = (
      <>
        <p className="text-sm" aria-live="polite" data-testid="transactions-total">
          {plural(answer.total, 'donation')}
        </p>
        <DonationsTable
          donations={answer.data}
          caption="Your donations"
          busy={list.isPlaceholderData}
        />
        <Pager
          page={page}
          limit={answer.limit}
          total={answer.total}
          label="Transactions pages"
          onPage={(next) => set({ page: next })}
        />
      </>
    );

  return (
    <section className={`${sectionCard} mx-auto w-full max-w-5xl`} aria-labelledby="tx-heading">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="tx-heading" className="card-title text-2xl">
            Your donations
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={filterId} className="text-sm font-semibold">
                Status
              </label>
              <select
                id={filterId}
                className="select w-48 text-base"
                value={status ?? ''}
                onChange={(event) =>
                  set({ status: isStatus(event.target.value) ? event.target.value : undefined })
                }
              >
                <option value="">All statuses</option>
                {DONATION_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {DONATION_STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <CsvButton />
          </div>
        </div>
        {list.isError && answer ? (
          <p className="alert alert-error" role="alert">
            {failureMessage(list.error, 'Your transactions could not be refreshed.')}
          </p>
        ) : null}
        {body}
      </div>
    </section>
  );
}
