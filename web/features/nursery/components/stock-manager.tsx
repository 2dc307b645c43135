import { toast } from 'sonner';
import { formatMoney } from '../../../../contract/money';
import { NURSERY_MESSAGES, type Stock } from '../../../../contract/nursery';
import { TREE_SIZES } from '../../../../contract/options';
import { Button } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useCurrency, useDeleteStock, useMyStock } from '../api';
import { StockForm } from './stock-form';
import { formatCount } from '../../../lib/numbers';
import { Table } from '../../../components/ui/table';

const sizeLabel = new Map<string, string>(TREE_SIZES.map((s) => [s.value, s.label]));
/** The nursery's own stock: a table of lines, add and edit in a modal, delete after asking. */
export function StockManager() {
  const stock = useMyStock();
  const currency = useCurrency();
  const remove = useDeleteStock();
  const modal = useModal();

  const openForm = (line?: Stock) =>
    modal.open({
      title: line ? 'Edit stock' : 'Add stock',
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
      title: 'Delete stock',
      message: `Delete the ${line.species.label} (${line.size}) stock? Organisers will no longer find it.`,
      confirmLabel: 'Delete',
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
            My sapling stock
          </h2>
          <Button onClick={() => openForm()} disabled={!currency.data}>
            Add stock
          </Button>
        </div>
        {stock.isError ? (
          <LoadErrorCard
            message={failureMessage(stock.error, 'Your stock could not be loaded just now.')}
            onRetry={() => void stock.refetch()}
          />
        ) : !stock.data ? (
          <LoadingState label="Loading stock…" />
        ) : stock.data.data.length === 0 ? (
          <EmptyState>
            No stock yet. Add the saplings you grow so drive organisers can reserve them.
          </EmptyState>
        ) : (
          <Table caption="My sapling stock">
            <thead>
              <tr>
                <th scope="col">Species</th>
                <th scope="col">Size</th>
                <th scope="col">Available</th>
                <th scope="col">Price</th>
                <th scope="col">Pickup</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stock.data.data.map((line) => (
                <tr key={line.id} data-testid="stock-row">
                  <th scope="row">{line.species.label}</th>
                  <td>{sizeLabel.get(line.size) ?? line.size}</td>
                  <td>
                    {formatCount(line.quantityAvailable)}
                    {line.lowStock ? (
                      <span className="badge badge-warning ml-2">Low stock</span>
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
                        aria-label={`Edit ${line.species.label} stock`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => void askDelete(line)}
                        aria-label={`Delete ${line.species.label} stock`}
                      >
                        Delete
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
