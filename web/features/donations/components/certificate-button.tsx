import type { Donation } from '../../../../contract/donations';
import type { ButtonSize, ButtonVariant } from '../../../components/ui/button';
import { downloadCertificate } from '../api';
import { useDonationWords } from '../words';
import { DownloadButton } from './download-button';

/** A paid gift of trees has a certificate (cash has its receipt only). */
export const hasCertificate = (donation: Pick<Donation, 'kind' | 'status'>) =>
  donation.kind === 'trees' && donation.status === 'paid';

/** Fetches the gift's certificate PDF with the session and saves it as `certificate-<number>.pdf`. */
export function CertificateButton({
  donation,
  variant,
  size,
  named = false,
}: {
  donation: Pick<Donation, 'id' | 'receiptNumber'>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** In a list: the accessible name also carries the receipt number. */
  named?: boolean;
}) {
  const { t } = useDonationWords();
  const number = donation.receiptNumber;
  return (
    <DownloadButton
      download={() => downloadCertificate(donation)}
      failure={t('certificate.failed')}
      label={t('certificate.label')}
      ariaLabel={
        named ? (number ? t('certificate.named', { number }) : t('certificate.label')) : undefined
      }
      variant={variant}
      size={size}
    />
  );
}
