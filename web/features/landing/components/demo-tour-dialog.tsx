import { useEffect, useId, useRef, useState } from 'react';
import { TOUR_STEPS } from '../content';
import { useT } from '../../../i18n/use-t';
import { landingMoreMessages } from '../more-messages';
import { Button, ButtonLink } from '../../../components/ui/button';
import { accentText } from './primitives';
import { TourIllustrationArt } from './tour-illustrations';

/**
 * The "Watch Demo" tour: a guided walk through Canopy in a native modal dialog. It moves focus
 * inside when it opens; Escape, Close or a click on the backdrop shut it, and `onClose` lets the
 * opener take focus back. Loaded on demand (see watch-demo.tsx).
 */
export default function DemoTourDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const finishRef = useRef<HTMLAnchorElement>(null);
  const focusFinishNext = useRef(false);
  const [step, setStep] = useState(0);
  const titleId = useId();
  const textId = useId();
  const t = useT(landingMoreMessages);
  const slides = TOUR_STEPS.map((id) => ({
    id,
    title: t(`tour.${id}.title`),
    text: t(`tour.${id}.text`),
  }));
  const last = slides.length - 1;
  const slide = slides[step] ?? slides[0]!;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function closeTour() {
    dialogRef.current?.close();
  }

  useEffect(() => {
    // The Next button gives way to "Start Growing" on the last step; keep keyboard focus with it.
    if (step === last && focusFinishNext.current) {
      focusFinishNext.current = false;
      finishRef.current?.focus();
    }
  }, [step, last]);

  function next() {
    if (step + 1 === last) focusFinishNext.current = true;
    setStep((value) => Math.min(last, value + 1));
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => {
        setStep(0); // The next visit starts at the beginning.
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, not its box) closes the tour.
        if (event.target === event.currentTarget) closeTour();
      }}
      data-testid="demo-dialog"
    >
      <div className="modal-box max-w-lg bg-base-100 text-base-content">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2
              id={titleId}
              className={`text-sm font-semibold uppercase tracking-wider ${accentText}`}
            >
              {t('tour.heading')}
            </h2>
            <p className="mt-1 text-sm font-medium" aria-live="polite" data-testid="tour-step">
              {t('tour.step', { step: step + 1, count: slides.length })}
            </p>
          </div>
          <Button ref={closeRef} variant="ghost" size="sm" onClick={closeTour}>
            {t('tour.close')}
          </Button>
        </div>
        <div className="mt-4 flex justify-center">
          <TourIllustrationArt name={slide.id} />
        </div>
        <div id={textId}>
          <h3 className="mt-5 text-2xl font-bold">{slide.title}</h3>
          <p className="mt-2 text-base-content/80">{slide.text}</p>
        </div>
        <div
          className="mt-5 flex justify-center gap-1"
          role="group"
          aria-label={t('tour.stepsLabel')}
        >
          {slides.map((item, index) => (
            <button
              key={item.id}
              type="button"
              className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-base-content"
              aria-label={t('tour.goTo', { step: index + 1, title: item.title })}
              aria-current={index === step ? 'step' : undefined}
              onClick={() => setStep(index)}
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${
                  index === step ? 'w-6 bg-primary' : 'w-2.5 bg-base-content/40'
                }`}
              />
            </button>
          ))}
        </div>
        <div className="mt-5 flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            onClick={() => setStep((value) => Math.max(0, value - 1))}
            disabled={step === 0}
          >
            {t('tour.back')}
          </Button>
          {step < last ? (
            <Button onClick={next}>{t('tour.next')}</Button>
          ) : (
            <ButtonLink ref={finishRef} to="/register">
              {t('tour.start')}
            </ButtonLink>
          )}
        </div>
      </div>
    </dialog>
  );
}
