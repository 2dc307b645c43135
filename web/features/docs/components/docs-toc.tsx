import { Button } from '../../../components/ui/button';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../../i18n/use-t';
import type { DocSectionId } from '../content';
import { docsMessages } from '../messages';

/** How far below the top of the viewport a section must start to count as the one being read. */
const READING_LINE_PX = 140;

/** The id of the section being read, for marking the current TOC entry. */
function currentSection(ids: readonly string[]): string | undefined {
  const elements = ids
    .map((id) => document.getElementById(id))
    .filter((element): element is HTMLElement => element !== null);
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atBottom) {
    // The last sections may never reach the reading line; trust the link that was followed.
    const target = elements.find((element) => `#${element.id}` === window.location.hash);
    if (target && target.getBoundingClientRect().top < window.innerHeight) return target.id;
  }
  let current = elements[0]?.id;
  for (const element of elements) {
    if (element.getBoundingClientRect().top <= READING_LINE_PX) current = element.id;
  }
  return current;
}

function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(currentSection(ids)));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    window.addEventListener('hashchange', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      window.removeEventListener('hashchange', update);
    };
  }, [ids]);
  return active;
}

/**
 * Table of contents: a sticky sidebar on large screens, a disclosure ("On this page") on small
 * ones that closes after a link is followed or on Escape.
 */
export function DocsToc({ sections }: { sections: readonly DocSectionId[] }) {
  const t = useT(docsMessages);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const active = useActiveSection(sections);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <nav aria-label={t('toc.label')} onKeyDown={onKeyDown} className="text-sm">
      <Button
        ref={toggleRef}
        variant="secondary"
        size="sm"
        block
        className="justify-between lg:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('toc.onThisPage')}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </Button>
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide uppercase lg:block">
        {t('toc.onThisPage')}
      </p>
      <ol id={listId} className={`mt-2 space-y-1 lg:mt-0 lg:block ${open ? 'block' : 'hidden'}`}>
        {sections.map((id) => {
          const current = id === active;
          return (
            <li key={id}>
              <a
                href={`#${id}`}
                aria-current={current ? 'location' : undefined}
                onClick={() => setOpen(false)}
                className={`block rounded-field border-l-4 px-3 py-1.5 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content ${
                  current ? 'border-success bg-base-200 font-semibold' : 'border-transparent'
                }`}
              >
                {t(`section.${id}`)}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
