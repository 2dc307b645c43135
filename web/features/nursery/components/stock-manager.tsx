import { toast } from '../../../components/ui/toast';
import { NURSERY_MESSAGES, type Stock } from '../../../../contract/nursery';
import { Button } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useCurrency, useDeleteStock, useMyStock } from '../api';
import { StockForm } from './stock-form';
import { formatCount } from '../../../lib/numbers';
import { Table } from '../../../components/ui/table';
import { useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { nurseryMessages } from '../messages';
import { useMoney } from '../../../i18n/money';
import { sizeLabel } from '../sizes';

/** The nursery's own stock: a table of lines, add and edit in a modal, delete after asking. */
export function StockManager() {
  const stock = useMyStock();
  const currency = useCurrency();
  const remove = useDeleteStock();
  const modal = useModal();
  const t = useT(nurseryMessages);
  const locale = useIntlLocale();
  const formatMoney = useMoney();

  const openForm = (line?: Stock) =>
    modal.open({
      title: line ? t('stock.edit') : t('stock.add'),
      size: 'xl',
      body: (close) => (
        <StockForm
          {...(line ? { stock: line } : {})}
          currency={line?.currency ?? currency.data ?? 'USD'}
          onDone={close}
        />
      ),
    });

  const askDelete = async (line: Stock) => {
    const yes = await modal.confirm({
      title: t('stock.deleteTitle'),
      message: t('stock.deleteMessage', { species: line.species.label, size: line.size }),
      confirmLabel: t('stock.delete'),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(line.id);
      toast.success(NURSERY_MESSAGES.stockDeleted);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  return (
    <section className={sectionCard} aria-labelledby="stock-heading">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="stock-heading" className="card-title text-xl">
            {t('stock.heading')}
          </h2>
          <Button onClick={() => openForm()} disabled={!currency.data}>
            {t('stock.add')}
          </Button>
        </div>
        {stock.isError ? (
          <LoadErrorCard
            message={failureMessage(stock.error, t('stock.failed'))}
            onRetry={() => void stock.refetch()}
          />
        ) : !stock.data ? (
          <LoadingState label={t('stock.loading')} />
        ) : stock.data.data.length === 0 ? (
          <EmptyState>{t('stock.empty')}</EmptyState>
        ) : (
          <Table caption={t('stock.heading')}>
            <thead>
              <tr>
                <th scope="col">{t('stock.species')}</th>
                <th scope="col">{t('stock.size')}</th>
                <th scope="col">{t('stock.available')}</th>
                <th scope="col">{t('stock.price')}</th>
                <th scope="col">{t('stock.pickup')}</th>
                <th scope="col">
                  <span className="sr-only">{t('stock.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stock.data.data.map((line) => (
                <tr key={line.id} data-testid="stock-row">
                  <th scope="row">{line.species.label}</th>
                  <td>{sizeLabel(t, line.size)}</td>
                  <td>
                    {formatCount(line.quantityAvailable, locale)}
                    {line.lowStock ? (
                      <span className="badge badge-warning ml-2">{t('stock.low')}</span>
                    ) : null}
                  </td>
                  <td>{formatMoney(line.priceMinor, line.currency)}</td>
                  <td className={`max-w-xs text-sm ${mutedText}`}>{line.pickupLocation}</td>
                  <td>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => openForm(line)}
                        aria-label={t('stock.editLabel', { species: line.species.label })}
                      >
                        {t('stock.editButton')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => void askDelete(line)}
                        aria-label={t('stock.deleteLabel', { species: line.species.label })}
                      >
                        {t('stock.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </section>
  );
}
