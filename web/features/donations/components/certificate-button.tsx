import { useState } from 'react';
import { toast } from 'sonner';
import type { Donation } from '../../../../contract/donations';
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { downloadCertificate } from '../api';

/** A paid gift of trees has a certificate (cash has its receipt only). */
export const hasCertificate = (donation: Pick<Donation, 'kind' | 'status'>) =>
  donation.kind === 'trees' && donation.status === 'paid';

/** Fetches the gift's certificate PDF with the session and saves it as `certificate-<number>.pdf`. */
export function CertificateButton({
  donation,
  variant = 'secondary',
  size = 'md',
  named = false,
}: {
  donation: Pick<Donation, 'id' | 'receiptNumber'>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** In a list: the accessible name also carries the receipt number. */
  named?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCertificate(donation);
    } catch (error) {
      toast.error(
        failureMessage(error, 'The certificate could not be downloaded. Please try again.'),
      );
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
      aria-label={named ? `Certificate (PDF) ${donation.receiptNumber ?? ''}`.trim() : undefined}
    >
      Certificate (PDF)
    </Button>
  );
}
