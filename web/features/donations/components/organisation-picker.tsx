import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RECURRING_MESSAGES } from '../../../../contract/recurring-gifts';
import { fieldHintText } from '../../../components/ui/form-field';
import { failureMessage } from '../../../lib/api-client';
import { useOrganisationChoices } from '../api';
import { useDonationWords } from '../words';
import { RadioGroup } from './fields';

/** Past this many organisations a filter box helps find one. */
const FILTER_FROM = 8;

/**
 * "Give to" for a recurring gift (issue 22): the general fund or an organisation (a verified
 * corporate account), never a dated drive; a drive from the address is left out, and said so.
 */
export function OrganisationPicker({
  registration,
  chosen,
  error,
  driveLeftOut,
}: {
  registration: UseFormRegisterReturn;
  /** The chosen organisation's id ('' for the general fund): it stays listed whatever the filter. */
  chosen: string;
  error?: string | undefined;
  driveLeftOut: boolean;
}) {
  const filterId = useId();
  const { t } = useDonationWords();
  const [filter, setFilter] = useState('');
  const choices = useOrganisationChoices();
  const all = choices.data ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = all.filter((o) => o.value === chosen || o.label.toLowerCase().includes(needle));
  let status: string = driveLeftOut ? RECURRING_MESSAGES.driveNotAllowed : t('org.hint');
  if (choices.isError)
    status = t('org.failed', { reason: failureMessage(choices.error, t('org.loadFailed')) });
  return (
    <div className="flex flex-col gap-3" data-testid="recurring-recipient">
      <p className={fieldHintText}>{status}</p>
      {all.length > FILTER_FROM ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={filterId} className="text-sm font-semibold">
            {t('org.find')}
          </label>
          <input
            id={filterId}
            type="search"
            className="input w-full text-base"
            value={filter}
            maxLength={100}
            placeholder={t('org.placeholder')}
            onChange={(event) => setFilter(event.target.value)}
            onKeyDown={(event) => {
              // Enter filters; it must not send the whole form.
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </div>
      ) : null}
      <RadioGroup
        legend={t('picker.giveTo')}
        registration={registration}
        error={error}
        className="max-h-96 overflow-y-auto"
        options={[
          {
            value: '',
            label: t('generalFund'),
            detail: t('picker.fundDetail'),
          },
          ...shown.map((o) => ({ value: o.value, label: o.label, detail: t('org.detail') })),
        ]}
      />
    </div>
  );
}

/** The chosen organisation's name, or the general fund. */
export function OrganisationName({ id }: { id: string }) {
  const choices = useOrganisationChoices({ enabled: Boolean(id) });
  const { t } = useDonationWords();
  if (!id) return <>{t('generalFund')}</>;
  return <>{choices.data?.find((o) => o.value === id)?.label ?? '…'}</>;
}
