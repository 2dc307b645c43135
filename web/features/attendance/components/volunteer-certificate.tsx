import { useId, useState } from 'react';
import { DownloadButton } from '../../../components/ui/download-button';
import { SelectField } from '../../../components/ui/form-field';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { downloadVolunteerCertificate } from '../api';
import { useT } from '../../../i18n/use-t';
import { attendanceMessages } from '../messages';

/** The server's first year (contract/attendance's volunteerCertificateQuerySchema). */
const FIRST_YEAR = 2000;

/** The years a certificate can be asked for: this year back to the year the member joined. */
export function certificateYears(sinceYear: number, thisYear = new Date().getFullYear()) {
  const first = Math.min(thisYear, Math.max(FIRST_YEAR, sinceYear));
  return Array.from({ length: thisYear - first + 1 }, (_, i) => String(thisYear - i));
}

/**
 * "Volunteer certificate": a PDF of the drives the member attended in a year, their hours and the
 * organisers (GET /api/users/me/volunteer-certificate?year=…), this year unless another is chosen.
 */
export function VolunteerCertificateCard({ memberSince }: { memberSince?: string }) {
  const headingId = useId();
  const t = useT(attendanceMessages);
  const since = memberSince ? new Date(memberSince).getFullYear() : FIRST_YEAR;
  const years = certificateYears(Number.isNaN(since) ? FIRST_YEAR : since);
  const [year, setYear] = useState(years[0] ?? String(new Date().getFullYear()));
  return (
    <section
      className={sectionCard}
      aria-labelledby={headingId}
      data-testid="volunteer-certificate"
    >
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          {t('certificate.title')}
        </h2>
        <p className={mutedText}>{t('certificate.help')}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-40">
            <SelectField
              label={t('certificate.year')}
              value={year}
              onChange={(event) => setYear(event.target.value)}
              options={years.map((y) => ({ value: y, label: y }))}
            />
          </div>
          <DownloadButton
            label={t('certificate.download')}
            failure={t('certificate.failed')}
            download={() => downloadVolunteerCertificate(Number(year))}
          />
        </div>
      </div>
    </section>
  );
}
