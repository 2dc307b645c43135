import { toast } from 'sonner';
import type { ApiToken } from '../../../../contract/api-tokens';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useApiTokens, useRevokeApiToken } from '../api';
import { Table } from '../../../components/ui/table';

/** My tokens: name, start of the secret, created, last used, expiry, and Revoke. */
export function TokenList() {
  const tokens = useApiTokens();
  if (tokens.isError && !tokens.data)
    return (
      <LoadErrorCard
        message={failureMessage(tokens.error, 'Your API tokens could not be loaded just now.')}
        onRetry={() => void tokens.refetch()}
      />
    );
  if (!tokens.data) return <LoadingState label="Loading API tokens…" />;
  const { data, maxLive } = tokens.data;
  if (!data.length)
    return (
      <EmptyState>
        No API tokens yet. Create one above to read your Canopy data from a script or another app.
      </EmptyState>
    );
  const live = data.filter((token) => !token.expired).length;
  return (
    <div className="flex flex-col gap-2">
      <Table caption="Your API tokens" data-testid="token-list">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Token</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </tbody>
      </Table>
      <p className={`text-sm ${mutedText}`}>
        {live} of {maxLive} active tokens.
      </p>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const modal = useModal();
  const revoke = useRevokeApiToken();
  const onRevoke = async () => {
    const yes = await modal.confirm({
      title: 'Revoke API token',
      message: `“${token.name}” stops working at once: anything still using it gets “401 Unauthorized”. This cannot be undone.`,
      confirmLabel: 'Revoke token',
    });
    if (!yes) return;
    try {
      const answer = await revoke.mutateAsync(token.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, 'The token could not be revoked. Please try again.'));
    }
  };
  return (
    <tr>
      <th scope="row" className="font-semibold">
        {token.name}
      </th>
      <td>
        <code className="text-sm">{token.hint}…</code>
      </td>
      <td>{formatDate(token.createdAt)}</td>
      <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</td>
      <td>
        {token.expired ? (
          <span className="badge badge-warning">Expired</span>
        ) : token.expiresAt ? (
          formatDate(token.expiresAt)
        ) : (
          'Never'
        )}
      </td>
      <td className="text-right">
        <Button
          variant="danger"
          size="sm"
          onClick={() => void onRevoke()}
          busy={revoke.isPending}
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </Button>
      </td>
    </tr>
  );
}
