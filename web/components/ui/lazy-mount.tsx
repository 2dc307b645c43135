import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far ahead of the viewport a panel starts loading, so it is usually ready when it arrives. */
const AHEAD = '200px 0px';

/**
 * True once the element has come within `rootMargin` of the viewport (and from then on). Where
 * the browser has no IntersectionObserver, true at once: the content is shown as before.
 */
export function useSeenOnScreen<E extends Element>(rootMargin = AHEAD) {
  const ref = useRef<E>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, rootMargin]);
  return [ref, seen] as const;
}

/**
 * Mounts `children` (typically a lazy chart or map, whose code loads when it mounts) only when
 * its place comes near the screen; until then `placeholder` holds that place. The placeholder must
 * be the size the content will be, so nothing around it moves when the content arrives.
 */
export function LazyMount({
  children,
  placeholder,
  rootMargin = AHEAD,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  rootMargin?: string;
}) {
  const [ref, seen] = useSeenOnScreen<HTMLDivElement>(rootMargin);
  if (seen) return <>{children}</>;
  return (
    <div ref={ref} data-testid="lazy-mount-placeholder">
      {placeholder}
    </div>
  );
}
