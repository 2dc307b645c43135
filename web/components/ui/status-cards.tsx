import type { ReactNode } from 'react';
import { Button, ButtonLink } from './button';
import { mutedText, sectionCard } from './looks';
import { Spinner } from './spinner';
import { useOnline } from '../../lib/use-online';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

/** A spinner with a spoken label while a screen's data loads. */
export function LoadingState({ label }: { label: string }) {
  const t = useT(uiMessages);
  const online = useOnline();
  return (
    <div
      className="flex flex-col items-center gap-3 p-10 text-center"
      role="status"
      aria-live="polite"
    >
      <Spinner size="lg" className="text-primary" />
      {online ? (
        <span className="sr-only">{label}</span>
      ) : (
        <span>{t('status.notSavedOffline')}</span>
      )}
    </div>
  );
}

/** A failure other than "not found": say so and offer to try again. */
export function LoadErrorCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  const tu = useT(uiMessages);
  return (
    <section className={`${sectionCard} mx-auto max-w-xl`} role="alert">
      <div className="card-body items-center text-center">
        <p>{message}</p>
        <Button variant="secondary" onClick={onRetry}>
          {tu('action.tryAgain')}
        </Button>
      </div>
    </section>
  );
}

/** Shown inside the app for something unknown or gone (the top bar holds the page's h1). */
export function NotFoundCard({
  headingId,
  title,
  children,
  to,
  linkLabel,
}: {
  headingId: string;
  title: string;
  /** Why it may be missing. */
  children: ReactNode;
  /** Where to go on from here. */
  to: string;
  linkLabel: string;
}) {
  return (
    <section className={`${sectionCard} mx-auto max-w-xl`} aria-labelledby={headingId}>
      <div className="card-body items-center text-center">
        <h2 id={headingId} className="text-2xl font-bold">
          {title}
        </h2>
        <p className={mutedText}>{children}</p>
        <ButtonLink to={to}>{linkLabel}</ButtonLink>
      </div>
    </section>
  );
}

/** A friendly note where a list has nothing to show, with a way on. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-box border-2 border-dashed border-base-content/20 p-8 text-center"
      data-testid="empty-state"
    >
      <p className={mutedText}>{children}</p>
      {action}
    </div>
  );
}
