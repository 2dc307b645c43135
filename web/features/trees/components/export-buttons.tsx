import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { downloadTrees } from '../api';
import { failureMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { treesMessages } from '../messages';

type Format = 'csv' | 'geojson';

/** Downloads my trees as CSV or GeoJSON (fetched with the session, then saved). */
export function ExportButtons() {
  const [busy, setBusy] = useState<Format | null>(null);
  const t = useT(treesMessages);
  const download = async (format: Format) => {
    setBusy(format);
    try {
      const name = await downloadTrees(format);
      toast.success(t('export.saved', { name }));
    } catch (error) {
      toast.error(failureMessage(error, t('export.failed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div role="group" aria-label={t('export.label')} className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        busy={busy === 'csv'}
        disabled={busy !== null}
        onClick={() => void download('csv')}
      >
        {t('export.csv')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        busy={busy === 'geojson'}
        disabled={busy !== null}
        onClick={() => void download('geojson')}
      >
        {t('export.geojson')}
      </Button>
    </div>
  );
}
