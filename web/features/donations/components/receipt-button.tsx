import type { Donation } from '../../../../contract/donations';
import type { ButtonSize, ButtonVariant } from '../../../components/ui/button';
import { downloadReceipt } from '../api';
import { DownloadButton } from './download-button';

/** Fetches the receipt PDF with the session and saves it as `receipt-<number>.pdf`. */
export function ReceiptButton({
  donation,
  variant,
  size,
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
  return (
    <DownloadButton
      download={() => downloadReceipt(donation)}
      failure="The receipt could not be downloaded. Please try again."
      label={label}
      ariaLabel={named ? `Download receipt ${donation.receiptNumber ?? ''}`.trim() : undefined}
      variant={variant}
      size={size}
    />
  );
}
