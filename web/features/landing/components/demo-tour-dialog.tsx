import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TOUR_SLIDES } from '../content';
import { primaryButton, secondaryButton } from './primitives';
import { TourIllustrationArt } from './tour-illustrations';

/**
 * "Watch Demo": a guided tour of Canopy in a native modal dialog. Focus moves into the dialog,
 * Escape or Close shuts it, and focus goes back to the button that opened it.
 */
export function DemoTour({ buttonClassName = secondaryButton }: { buttonClassName?: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const finishRef = useRef<HTMLAnchorElement>(null);
  const focusFinishNext = useRef(false);
  const [step, setStep] = useState(0);
  const titleId = useId();
  const textId = useId();
  const last = TOUR_SLIDES.length - 1;
  const slide = TOUR_SLIDES[step] ?? TOUR_SLIDES[0]!;

  function openTour() {
    setStep(0);
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    closeRef.current?.focus();
  }

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

  // If the page goes away while the tour is open, leave no modal behind.
  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  function next() {
    if (step + 1 === last) focusFinishNext.current = true;
    setStep((value) => Math.min(last, value + 1));
  }

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className={buttonClassName}
        onClick={openTour}
        aria-haspopup="dialog"
        data-testid="watch-demo"
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
        </svg>
        Watch Demo
      </button>
      <dialog
        ref={dialogRef}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClose={() => openerRef.current?.focus()}
        onClick={(event) => {
          // A click on the backdrop (the dialog itself, not its box) closes the tour.
          if (event.target === event.currentTarget) closeTour();
        }}
        data-testid="demo-dialog"
      >
        <div className="modal-box max-w-lg bg-base-100 text-base-content">
          <div className="flex items-start justify-between gap-4">
            <p className="text-sm font-semibold" aria-live="polite">
              Step {step + 1} of {TOUR_SLIDES.length}
            </p>
            <button ref={closeRef} type="button" className="btn btn-sm btn-ghost" onClick={closeTour}>
              Close
            </button>
          </div>
          <div className="mt-3 flex justify-center">
            <TourIllustrationArt name={slide.illustration} />
          </div>
          <h2 id={titleId} className="mt-5 text-2xl font-bold">
            {slide.title}
          </h2>
          <p id={textId} className="mt-2 text-base-content/80">
            {slide.text}
          </p>
          <div className="mt-5 flex justify-center gap-1" role="group" aria-label="Tour steps">
            {TOUR_SLIDES.map((item, index) => (
              <button
                key={item.title}
                type="button"
                className="flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-base-content"
                aria-label={`Go to step ${index + 1}: ${item.title}`}
                aria-current={index === step ? 'step' : undefined}
                onClick={() => setStep(index)}
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full transition-all ${
                    index === step ? 'w-6 bg-green-700' : 'w-2.5 bg-base-content/40'
                  }`}
                />
              </button>
            ))}
          </div>
          <div className="mt-5 flex items-center justify-between gap-3">
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setStep((value) => Math.max(0, value - 1))}
              disabled={step === 0}
            >
              Back
            </button>
            {step < last ? (
              <button type="button" className={primaryButton} onClick={next}>
                Next
              </button>
            ) : (
              <Link ref={finishRef} to="/register" className={primaryButton}>
                Start Growing
              </Link>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
