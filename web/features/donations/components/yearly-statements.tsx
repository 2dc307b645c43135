import { mutedText, sectionCard } from '../../../components/ui/looks';
import { DownloadButton } from './download-button';
import { downloadStatement } from '../api';

/**
 * Settings → Billing (issue 22): the yearly statement of every paid gift (PDF, with receipt
 * numbers and the total per currency), for this year and the one before.
 */
export function YearlyStatements({ now = new Date() }: { now?: Date }) {
  const year = now.getFullYear();
  return (
    <section className={sectionCard} aria-labelledby="statements-heading">
      <div className="card-body gap-4">
        <h2 id="statements-heading" className="card-title text-2xl">
          Yearly statements
        </h2>
        <p className={mutedText}>
          Every gift paid in a year on one page, with its receipt numbers and the total, for your
          tax return.
        </p>
        <div className="flex flex-wrap gap-2" data-testid="statement-years">
          {[year, year - 1].map((y) => (
            <DownloadButton
              key={y}
              download={() => downloadStatement(y)}
              failure="The statement could not be downloaded. Please try again."
              label={`Statement ${y} (PDF)`}
              size="sm"
            />
          ))}
        </div>
      </div>
    </section>
  );
}
