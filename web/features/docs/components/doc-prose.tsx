/* The building blocks of the documentation's prose: sections (anchors under the sticky header), paragraphs, lists, notes. */
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import type { DocSectionId } from '../content';
import { docsMessages } from '../messages';

/** One documentation section: an anchor target that clears the sticky header. */
export function Section({ id, children }: { id: DocSectionId; children: ReactNode }) {
  const t = useT(docsMessages);
  return (
    <section
      id={id}
      className="scroll-mt-32 border-b border-base-300 py-10 first:pt-0 last:border-b-0 lg:scroll-mt-24"
    >
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`section.${id}`)}</h2>
      {children}
    </section>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <p className="mt-4 leading-relaxed">{children}</p>;
}

export function H3({ children }: { children: ReactNode }) {
  return <h3 className="mt-8 text-lg font-semibold">{children}</h3>;
}

export function List({ children, ordered = false }: { children: ReactNode; ordered?: boolean }) {
  const className = `mt-4 space-y-2 pl-6 leading-relaxed ${ordered ? 'list-decimal' : 'list-disc'}`;
  return ordered ? (
    <ol className={className}>{children}</ol>
  ) : (
    <ul className={className}>{children}</ul>
  );
}

export function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="note"
      className="mt-6 rounded-box border border-base-300 border-l-4 border-l-success bg-base-200 p-4 leading-relaxed"
    >
      <p className="font-semibold">{title}</p>
      <div className="mt-1">{children}</div>
    </div>
  );
}

export const linkClass = 'link font-medium';
