import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { downloadTrees } from '../api';
import { failureMessage } from '../../../lib/api-client';

type Format = 'csv' | 'geojson';

/** Downloads my trees as CSV or GeoJSON (fetched with the session, then saved). */
export function ExportButtons() {
  const [busy, setBusy] = useState<Format | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    try {
      const name = await downloadTrees(format);
      toast.success(`Saved ${name}.`);
    } catch (error) {
      toast.error(failureMessage(error, 'The export could not be downloaded just now.'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div role="group" aria-label="Export my trees" className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        busy={busy === 'csv'}
        disabled={busy !== null}
        onClick={() => void download('csv')}
      >
        Export CSV
      </Button>
      <Button
        variant="secondary"
        size="sm"
        busy={busy === 'geojson'}
        disabled={busy !== null}
        onClick={() => void download('geojson')}
      >
        Export GeoJSON
      </Button>
    </div>
  );
}
