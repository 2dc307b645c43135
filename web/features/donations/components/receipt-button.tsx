import type { Donation } from '../../../../contract/donations';
import type { ButtonSize, ButtonVariant } from '../../../components/ui/button';
import { downloadReceipt } from '../api';
import { useDonationWords } from '../words';
import { DownloadButton } from './download-button';

/** Fetches the receipt PDF with the session and saves it as `receipt-<number>.pdf`. */
export function ReceiptButton({
  donation,
  variant,
  size,
  label,
  named = false,
}: {
  donation: Pick<Donation, 'id' | 'receiptNumber'>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  label?: string;
  /** In a list: the accessible name carries the receipt number. */
  named?: boolean;
}) {
  const { t } = useDonationWords();
  const number = donation.receiptNumber;
  return (
    <DownloadButton
      download={() => downloadReceipt(donation)}
      failure={t('receipt.failed')}
      label={label ?? t('receipt.download')}
      ariaLabel={
        named ? (number ? t('receipt.named', { number }) : t('receipt.download')) : undefined
      }
      variant={variant}
      size={size}
    />
  );
}
