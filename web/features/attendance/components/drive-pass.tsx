import { useEffect, useId } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useDrivePass } from '../api';
import { useT } from '../../../i18n/use-t';
import { attendanceMessages } from '../messages';
import './pass-print.css';

/**
 * The QR code as an image: the server's SVG travels as a data address, so nothing in it can run
 * or reach the page (an <img> never runs an SVG's scripts).
 */
export const qrImageSource = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The code in groups a person can read out and type: "K7QX M2PA 9TWE 4HRB". */
export const groupedCode = (code: string) =>
  (code.includes('-') ? code.split('-') : (code.match(/.{1,4}/g) ?? [code])).join(' ');

/** Prints the pass alone (pass-print.css), then lets the page print as usual again. */
export function printPass() {
  const root = document.documentElement;
  const done = () => {
    delete root.dataset.print;
    window.removeEventListener('afterprint', done);
  };
  root.dataset.print = 'pass';
  window.addEventListener('afterprint', done);
  window.print();
}

/**
 * "Your pass" on a drive's page, for its participants and its organiser: the QR code the check-in
 * desk scans, the same code to read out or type, and "Print pass". Loaded with its own chunk.
 */
export default function DrivePassCard({
  driveId,
  driveName,
  when,
  holder,
}: {
  driveId: string;
  driveName: string;
  /** The drive's date and time as the page shows it. */
  when: string;
  /** The member's name, printed on the pass. */
  holder?: string;
}) {
  const headingId = useId();
  const pass = useDrivePass(driveId);
  const t = useT(attendanceMessages);
  // A pass left mid-print (the page changed) must not keep later prints to the pass alone.
  useEffect(() => () => void delete document.documentElement.dataset.print, []);

  let body;
  if (pass.data) {
    const src = qrImageSource(pass.data.qrSvg);
    const code = groupedCode(pass.data.code);
    body = (
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={src}
          alt={t('pass.qrAlt', { name: driveName })}
          width={192}
          height={192}
          className="size-48 rounded-box bg-white p-2"
          data-testid="pass-qr"
        />
        <div className="flex flex-col items-center gap-3 text-center sm:items-start sm:text-left">
          <p className={mutedText}>{t('pass.help')}</p>
          <p
            className="font-mono text-2xl font-bold tracking-wider break-words sm:text-3xl"
            data-testid="pass-code"
          >
            {code}
          </p>
          <Button variant="secondary" onClick={printPass}>
            {t('pass.print')}
          </Button>
        </div>
        {createPortal(
          <div className="pass-print-copy" data-testid="pass-print-copy">
            <p className="text-xl font-bold">{t('pass.printTitle')}</p>
            <p className="text-lg font-semibold">{driveName}</p>
            <p>{when}</p>
            {holder ? <p>{holder}</p> : null}
            <img src={src} alt={t('pass.printQrAlt', { name: driveName })} />
            <p className="pass-print-code">{code}</p>
          </div>,
          document.body,
        )}
      </div>
    );
  } else if (pass.isError) {
    body = <p role="alert">{failureMessage(pass.error, t('pass.failed'))}</p>;
  } else {
    body = (
      <div className="flex h-48 items-center justify-center" role="status">
        <Spinner />
        <span className="sr-only">{t('pass.loading')}</span>
      </div>
    );
  }

  return (
    <section className={sectionCard} aria-labelledby={headingId} data-testid="drive-pass">
      <div className="card-body gap-4">
        <h3 id={headingId} className="card-title text-lg">
          {t('pass.title')}
        </h3>
        {body}
      </div>
    </section>
  );
}
