import { useState } from 'react';
import { toast } from 'sonner';
import type { Donation } from '../../../../contract/donations';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { downloadReceipt } from '../api';
import { failureMessage } from '../../../lib/api-client';

/** Fetches the receipt PDF with the session and saves it as `receipt-<number>.pdf`. */
export function ReceiptButton({
  donation,
  variant = 'secondary',
  size = 'md',
  label = 'Download receipt',
  named = false,
}: {
  donation: Pick<Donation, 'id' | 'receiptNumber'>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  label?: string;
  /** In a list: the accessible name carries the receipt number. */
  named?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReceipt(donation);
    } catch (error) {
      toast.error(failureMessage(error, 'The receipt could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      size={size}
      busy={busy}
      busyLabel="Downloading…"
      onClick={() => void download()}
      aria-label={named ? `Download receipt ${donation.receiptNumber ?? ''}`.trim() : undefined}
    >
      {label}
    </Button>
  );
}
