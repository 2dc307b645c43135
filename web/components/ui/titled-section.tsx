import { useId, type ReactNode } from 'react';
import { sectionCard } from './looks';

/** A card section whose heading names it for assistive technology (a landmark region). */
export function TitledSection({
  title,
  children,
  id,
  bodyClassName = 'card-body gap-4 p-4 sm:p-6',
}: {
  title: string;
  children: ReactNode;
  id?: string;
  bodyClassName?: string;
}) {
  const headingId = useId();
  return (
    <section className={sectionCard} aria-labelledby={headingId} id={id}>
      <div className={bodyClassName}>
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
