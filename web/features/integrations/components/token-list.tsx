import { toast } from '../../../components/ui/toast';
import type { ApiToken } from '../../../../contract/api-tokens';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useApiTokens, useRevokeApiToken } from '../api';
import { Table } from '../../../components/ui/table';
import { useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { integrationsMessages } from '../messages';

/** My tokens: name, start of the secret, created, last used, expiry, and Revoke. */
export function TokenList() {
  const tokens = useApiTokens();
  const t = useT(integrationsMessages);
  if (tokens.isError && !tokens.data)
    return (
      <LoadErrorCard
        message={failureMessage(tokens.error, t('list.failed'))}
        onRetry={() => void tokens.refetch()}
      />
    );
  if (!tokens.data) return <LoadingState label={t('list.loading')} />;
  const { data, maxLive } = tokens.data;
  if (!data.length) return <EmptyState>{t('list.empty')}</EmptyState>;
  const live = data.filter((token) => !token.expired).length;
  return (
    <div className="flex flex-col gap-2">
      <Table caption={t('list.caption')} data-testid="token-list">
        <thead>
          <tr>
            <th scope="col">{t('list.name')}</th>
            <th scope="col">{t('list.token')}</th>
            <th scope="col">{t('list.created')}</th>
            <th scope="col">{t('list.lastUsed')}</th>
            <th scope="col">{t('list.expires')}</th>
            <th scope="col">
              <span className="sr-only">{t('list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </tbody>
      </Table>
      <p className={`text-sm ${mutedText}`}>{t('list.active', { live, max: maxLive })}</p>
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const modal = useModal();
  const revoke = useRevokeApiToken();
  const t = useT(integrationsMessages);
  const locale = useIntlLocale();
  const onRevoke = async () => {
    const yes = await modal.confirm({
      title: t('list.revokeTitle'),
      message: t('list.revokeMessage', { name: token.name }),
      confirmLabel: t('list.revokeConfirm'),
    });
    if (!yes) return;
    try {
      const answer = await revoke.mutateAsync(token.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, t('list.revokeFailed')));
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
      <td>{formatDate(token.createdAt, locale)}</td>
      <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt, locale) : t('list.never')}</td>
      <td>
        {token.expired ? (
          <span className="badge badge-warning">{t('list.expired')}</span>
        ) : token.expiresAt ? (
          formatDate(token.expiresAt, locale)
        ) : (
          t('list.never')
        )}
      </td>
      <td className="text-right">
        <Button
          variant="danger"
          size="sm"
          onClick={() => void onRevoke()}
          busy={revoke.isPending}
          aria-label={t('list.revokeLabel', { name: token.name })}
        >
          {t('list.revoke')}
        </Button>
      </td>
    </tr>
  );
}
