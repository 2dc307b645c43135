import { useId, type ReactNode } from 'react';
import { mutedText, sectionCard } from '../../../components/ui/looks';

/** One settings card; its heading's id is handed to the form inside so the form is named by it. */
export function SettingsSection({
  title,
  description,
  tone = 'normal',
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: 'normal' | 'danger';
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  const border = tone === 'danger' ? 'border-2 border-red-700/60' : '';
  return (
    <section className={`${sectionCard} ${border}`} aria-labelledby={headingId}>
      <div className="card-body gap-4">
        <div>
          <h2 id={headingId} className="card-title text-xl">
            {title}
          </h2>
          {description ? <p className={`mt-1 ${mutedText}`}>{description}</p> : null}
        </div>
        {children(headingId)}
      </div>
    </section>
  );
}
