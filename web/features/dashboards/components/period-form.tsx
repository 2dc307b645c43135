import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { periodSchema, type Period } from '../../../../contract/dashboards';
import { Button } from '../../../components/ui/button';
import { Controller } from 'react-hook-form';
import { DateField } from '../../../components/ui/date-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { failureMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { downloadImpactReport } from '../api';
import { dashboardsMessages } from '../messages';

const EMPTY: Period = { from: '', to: '' };

/**
 * The period the corporate dashboard shows and the impact report covers (checked with the
 * contract's period schema), with Download PDF and Download CSV of the organisation's report.
 * The fields hold the period shown, and are empty while all time is (issue 23 §3: the label and
 * the fields never disagree); a report needs both days.
 */
export function PeriodForm({
  period,
  organisation,
  onChange,
}: {
  /** The period shown, or null for all time. */
  period: Period | null;
  /** The organisation whose report is downloaded; the viewer's default when not named. */
  organisation?: string | undefined;
  onChange: (period: Period) => void;
}) {
  const t = useT(dashboardsMessages);
  const form = useContractForm<Period, Period>(periodSchema, period ?? EMPTY);
  const { reset } = form;
  const from = period?.from ?? '';
  const to = period?.to ?? '';
  // The shown period changed (chosen here, or all time again): the fields say so.
  useEffect(() => reset({ from, to }), [reset, from, to]);
  const [downloading, setDownloading] = useState<'pdf' | 'csv' | null>(null);

  const download = (format: 'pdf' | 'csv') =>
    form.handleSubmit(async (chosen) => {
      setDownloading(format);
      try {
        const name = await downloadImpactReport(chosen, format, organisation);
        toast.success(t('period.downloaded', { name }));
      } catch (error) {
        toast.error(failureMessage(error, t('period.downloadFailed')));
      } finally {
        setDownloading(null);
      }
    })();

  return (
    <form
      aria-label={t('period.label')}
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => void form.handleSubmit(onChange)(event)}
    >
      <div className="w-44">
        {/* Days in the browser's locale, as every day the app asks for (issue 23 §7). */}
        <Controller
          control={form.control}
          name="from"
          render={({ field, fieldState }) => (
            <DateField
              label={t('period.from')}
              quietHint
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <div className="w-44">
        {/* Days in the browser's locale, as every day the app asks for (issue 23 §7). */}
        <Controller
          control={form.control}
          name="to"
          render={({ field, fieldState }) => (
            <DateField
              label={t('period.to')}
              quietHint
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <div className="flex flex-wrap gap-2 pb-1">
        <Button type="submit" variant="secondary">
          {t('period.show')}
        </Button>
        <Button
          onClick={() => void download('pdf')}
          busy={downloading === 'pdf'}
          busyLabel={t('period.preparingPdf')}
        >
          {t('period.pdf')}
        </Button>
        <Button
          onClick={() => void download('csv')}
          busy={downloading === 'csv'}
          busyLabel={t('period.preparingCsv')}
        >
          {t('period.csv')}
        </Button>
      </div>
    </form>
  );
}
