import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n/use-t';
import { landingMessages } from '../messages';

const loadTour = () => import('./demo-tour-dialog');

/** Shown in place of the tour when its code cannot be fetched (e.g. offline), instead of an error page. */
function TourUnavailable() {
  const t = useT(landingMessages);
  return (
    <p role="alert" className="self-center text-sm">
      {t('demo.unavailable')}
    </p>
  );
}

// The tour (its slides and illustrations) is fetched on first use, not with the page.
const DemoTourDialog = lazy(() => loadTour().catch(() => ({ default: TourUnavailable })));

/** The hero's "Watch Demo" button and the guided tour it opens. */
export function WatchDemo() {
  const t = useT(landingMessages);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const prefetch = () => void loadTour().catch(() => undefined);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="secondary"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-haspopup="dialog"
        data-testid="watch-demo"
      >
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="currentColor"
        >
          <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
        </svg>
        {t('demo.watch')}
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <DemoTourDialog
            open={open}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
