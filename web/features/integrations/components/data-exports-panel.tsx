import { useId, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { failureMessage } from '../../../lib/api-client';
import { DATA_EXPORTS, downloadExport } from '../api';
import { useT } from '../../../i18n/use-t';
import { integrationsMessages } from '../messages';

/** Downloads of the member's own data: trees (CSV, GeoJSON) and donations (CSV). */
export function DataExportsPanel() {
  const id = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const t = useT(integrationsMessages);
  const download = async (item: (typeof DATA_EXPORTS)[number]) => {
    setBusy(item.id);
    try {
      const name = await downloadExport(item);
      toast.success(t('exports.downloaded', { name }));
    } catch (error) {
      toast.error(failureMessage(error, t('exports.failed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4">
        <h2 id={`${id}-title`} className="card-title text-lg">
          {t('exports.heading')}
        </h2>
        <p className={mutedText}>{t('exports.intro')}</p>
        <ul className="flex flex-col divide-y divide-base-content/10">
          {DATA_EXPORTS.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex max-w-prose flex-col">
                <span className="font-semibold">{t(`exports.${item.id}.label`)}</span>
                <span className={`text-sm ${mutedText}`}>
                  {t(`exports.${item.id}.description`)}
                </span>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void download(item)}
                busy={busy === item.id}
                busyLabel={t('exports.downloading')}
                aria-label={t('exports.downloadLabel', { label: t(`exports.${item.id}.label`) })}
              >
                {t('exports.download')}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
