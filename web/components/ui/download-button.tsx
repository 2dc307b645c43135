import { useState } from 'react';
import { toast } from './toast';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { failureMessage } from '../../lib/api-client';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

/** Downloads a document with the session (busy while it comes); a failure is a toast. */
export function DownloadButton({
  download,
  failure,
  label,
  ariaLabel,
  variant = 'secondary',
  size = 'md',
}: {
  download: () => Promise<unknown>;
  /** Said when the server gives no reason. */
  failure: string;
  label: string;
  ariaLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const tu = useT(uiMessages);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.error(failureMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      size={size}
      busy={busy}
      busyLabel={tu('status.downloading')}
      onClick={() => void run()}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
