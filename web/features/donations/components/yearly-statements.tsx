import { mutedText, sectionCard } from '../../../components/ui/looks';
import { DownloadButton } from './download-button';
import { downloadStatement } from '../api';
import { useDonationWords } from '../words';

/**
 * Settings → Billing (issue 22): the yearly statement of every paid gift (PDF, with receipt
 * numbers and the total per currency), for this year and the one before.
 */
export function YearlyStatements({ now = new Date() }: { now?: Date }) {
  const year = now.getFullYear();
  const { t } = useDonationWords();
  return (
    <section className={sectionCard} aria-labelledby="statements-heading">
      <div className="card-body gap-4">
        <h2 id="statements-heading" className="card-title text-2xl">
          {t('statements.title')}
        </h2>
        <p className={mutedText}>{t('statements.intro')}</p>
        <div className="flex flex-wrap gap-2" data-testid="statement-years">
          {[year, year - 1].map((y) => (
            <DownloadButton
              key={y}
              download={() => downloadStatement(y)}
              failure={t('statements.failed')}
              label={t('statements.label', { year: String(y) })}
              size="sm"
            />
          ))}
        </div>
      </div>
    </section>
  );
}
