import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Drive } from '../../../../contract/drives';
import { fieldHintText } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { useDriveChoices } from '../api';
import { useDonationWords } from '../words';
import { useDebounced } from './donation-states';
import { failureMessage } from '../../../lib/api-client';
import { RadioGroup } from './fields';

type DriveChoice = Pick<Drive, 'id' | 'driveName' | 'driveDate' | 'driveLocation' | 'country'>;

const driveDetail = (drive: DriveChoice, day: (iso: string) => string) =>
  [day(drive.driveDate), drive.driveLocation || drive.country.label].filter(Boolean).join(' · ');

/**
 * "Give to": the general fund or one upcoming drive, found by name. The chosen drive stays in the
 * list while another search runs, so the choice is always visible.
 */
export function DrivePicker({
  registration,
  error,
  preselected,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  preselected?: DriveChoice | undefined;
}) {
  const searchId = useId();
  const { t, day } = useDonationWords();
  const [search, setSearch] = useState('');
  const query = useDebounced(search, 300);
  const choices = useDriveChoices(query);
  const [pinned, setPinned] = useState<DriveChoice | undefined>(preselected);
  const found = choices.data ?? [];
  const drives = pinned ? [pinned, ...found.filter((d) => d.id !== pinned.id)] : found;

  const bound: UseFormRegisterReturn = {
    ...registration,
    onChange: (event: { target: { value: string } }) => {
      const id = event.target.value;
      setPinned(id ? (drives.find((d) => d.id === id) ?? pinned) : pinned);
      return registration.onChange(event);
    },
  };

  let status = '';
  if (choices.isError) status = failureMessage(choices.error, t('picker.loadFailed'));
  else if (choices.data && !found.length)
    status = query.trim() ? t('picker.noMatch', { query: query.trim() }) : t('picker.none');

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-semibold">
          {t('picker.search')}
        </label>
        <div className="flex items-center gap-2">
          <input
            id={searchId}
            type="search"
            className="input w-full text-base"
            value={search}
            maxLength={100}
            placeholder={t('picker.placeholder')}
            aria-describedby={`${searchId}status`}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches; it must not send the whole form.
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
          {choices.isFetching ? <Spinner className="text-primary" /> : null}
        </div>
        <p id={`${searchId}status`} className={fieldHintText} aria-live="polite">
          {status}
        </p>
      </div>
      <RadioGroup
        legend={t('picker.giveTo')}
        registration={bound}
        error={error}
        className="max-h-96 overflow-y-auto"
        options={[
          {
            value: '',
            label: t('generalFund'),
            detail: t('picker.fundDetail'),
          },
          ...drives.map((drive) => ({
            value: drive.id,
            label: drive.driveName,
            detail: driveDetail(drive, day),
          })),
        ]}
      />
    </div>
  );
}
