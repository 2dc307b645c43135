import { useId, type ReactNode } from 'react';
import { sectionCard } from '../../../components/ui/looks';

/** A dashboard card with its heading, which names it for assistive technology. */
export function Section({
  title,
  children,
  id,
}: {
  title: string;
  children: ReactNode;
  id?: string;
}) {
  const headingId = useId();
  return (
    <section className={sectionCard} aria-labelledby={headingId} id={id}>
      <div className="card-body gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
