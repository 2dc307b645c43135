import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { DocSection } from '../content';

/** The id of the section nearest the top of the viewport, for marking the current TOC entry. */
function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        const first = ids.find((id) => visible.get(id));
        if (first) setActive(first);
      },
      // A band in the upper part of the screen, below the sticky header.
      { rootMargin: '-80px 0px -55% 0px' },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);
  return active;
}

/**
 * Table of contents: a sticky sidebar on large screens, a disclosure ("On this page") on small
 * ones that closes after a link is followed or on Escape.
 */
export function DocsToc({ sections }: { sections: readonly DocSection[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const ids = useRef(sections.map((s) => s.id)).current;
  const active = useActiveSection(ids);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <nav aria-label="Documentation" onKeyDown={onKeyDown} className="text-sm">
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-outline btn-sm w-full justify-between lg:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        On this page
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide uppercase lg:block">
        On this page
      </p>
      <ol id={listId} className={`mt-2 space-y-1 lg:mt-0 lg:block ${open ? 'block' : 'hidden'}`}>
        {sections.map((section) => {
          const current = section.id === active;
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-current={current ? 'location' : undefined}
                onClick={() => setOpen(false)}
                className={`block rounded-field border-l-4 px-3 py-1.5 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content ${
                  current ? 'border-success bg-base-200 font-semibold' : 'border-transparent'
                }`}
              >
                {section.title}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
