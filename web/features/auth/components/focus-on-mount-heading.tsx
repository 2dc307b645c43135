import { useEffect, useRef, type ReactNode } from 'react';

/** An h1 that takes focus when it appears, so a panel replacing a form is announced and reachable. */
export function FocusOnMountHeading({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className={`outline-none ${className ?? ''}`}>
      {children}
    </h1>
  );
}
