import type { Donation } from '../../../../contract/donations';
import type { ButtonSize, ButtonVariant } from '../../../components/ui/button';
import { downloadCertificate } from '../api';
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
  return (
    <DownloadButton
      download={() => downloadCertificate(donation)}
      failure="The certificate could not be downloaded. Please try again."
      label="Certificate (PDF)"
      ariaLabel={named ? `Certificate (PDF) ${donation.receiptNumber ?? ''}`.trim() : undefined}
      variant={variant}
      size={size}
    />
  );
}
