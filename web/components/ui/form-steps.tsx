import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { Button } from './button';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

/*
 * Long forms in steps on a phone (issue 23): below 640 px (Tailwind's `sm`) a form shows one step
 * at a time ("Step 2 of 3" and the step's name as its heading), with Back and Next; Next checks
 * only the step's fields (with the contract's messages) and will not go on while one is wrong.
 * From 640 px the same form is one screen, the step names as section headings. Every field stays
 * mounted (a step is only hidden), so going back keeps what was typed, and a map in a later step
 * mounts when its step is shown (LazyMount).
 */

/** Below Tailwind's `sm`: a phone. */
export const PHONE_QUERY = '(max-width: 639.98px)';

function subscribeMedia(query: string) {
  return (onChange: () => void) => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}
const subscribePhone = subscribeMedia(PHONE_QUERY);
const phoneNow = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(PHONE_QUERY).matches;

/** Whether the window is phone-sized now (false where matchMedia is missing). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribePhone, phoneNow, () => false);
}

export interface StepDefinition<F extends string> {
  title: string;
  /** The fields of the step: Next checks these. */
  fields: readonly F[];
}

export interface FormSteps<F extends string> {
  /** Steps are in use (a phone); false: the whole form on one screen. */
  stepped: boolean;
  current: number;
  count: number;
  steps: readonly StepDefinition<F>[];
  isFirst: boolean;
  isLast: boolean;
  /** Checks the step's fields; on to the next step (its heading focused) when none is wrong. */
  next(): Promise<void>;
  back(): void;
  /** Shows the step holding `field` at once (before focusing it after a refusal). */
  reveal(field: F): void;
  /** The form's submit: on a phone before the last step, Enter means Next. */
  onSubmit(
    send: (event: FormEvent<HTMLFormElement>) => unknown,
  ): (event: FormEvent<HTMLFormElement>) => void;
  headingRef(index: number): (node: HTMLElement | null) => void;
}

/**
 * The steps of a form. `validate` checks the given fields (e.g. `form.trigger(fields)`), focuses
 * the first one in error, and says whether all are right.
 */
export function useFormSteps<F extends string>({
  steps,
  validate,
}: {
  steps: readonly StepDefinition<F>[];
  validate(fields: readonly F[]): Promise<boolean>;
}): FormSteps<F> {
  const stepped = useIsPhone();
  const [current, setCurrent] = useState(0);
  const headings = useRef<(HTMLElement | null)[]>([]);
  const moved = useRef(false);
  const count = steps.length;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headings.current[current]?.focus();
  }, [current]);

  const go = (index: number) => {
    moved.current = true;
    setCurrent(Math.max(0, Math.min(count - 1, index)));
  };

  const next = async () => {
    const step = steps[current];
    if (!step) return;
    if (await validate(step.fields)) go(current + 1);
  };

  const reveal = (field: F) => {
    const index = steps.findIndex((step) => step.fields.includes(field));
    if (index >= 0 && index !== current && stepped) flushSync(() => setCurrent(index));
  };

  const headingRef = useCallback(
    (index: number) => (node: HTMLElement | null) => {
      headings.current[index] = node;
    },
    [],
  );

  return {
    stepped,
    current: stepped ? current : 0,
    count,
    steps,
    isFirst: current === 0,
    isLast: !stepped || current === count - 1,
    next,
    back: () => go(current - 1),
    reveal,
    onSubmit: (send) => (event) => {
      if (stepped && current < count - 1) {
        event.preventDefault();
        void next();
        return;
      }
      void send(event);
    },
    headingRef,
  };
}

/**
 * One step of a form: a section named by its heading. On a phone only the current step shows,
 * its heading saying "Step 2 of 3"; on a wider screen every step shows under its name.
 */
export function FormStep<F extends string>({
  steps,
  index,
  headingLevel = 2,
  children,
}: {
  steps: FormSteps<F>;
  index: number;
  headingLevel?: 2 | 3;
  children: ReactNode;
}) {
  const t = useT(uiMessages);
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shown = !steps.stepped || steps.current === index;
  const title = steps.steps[index]?.title ?? '';
  return (
    <section
      aria-labelledby={id}
      hidden={!shown}
      className="flex flex-col gap-4"
      data-step={index + 1}
    >
      <Heading
        id={id}
        ref={steps.headingRef(index)}
        tabIndex={-1}
        className="text-lg font-semibold focus:outline-none"
      >
        {steps.stepped ? (
          <span
            className="block text-sm font-medium text-base-content/80"
            data-testid="step-indicator"
          >
            {t('steps.indicator', { step: String(index + 1), count: String(steps.count) })}
          </span>
        ) : null}{' '}
        {title}
      </Heading>
      {steps.stepped ? (
        <div className="flex gap-1.5" aria-hidden="true">
          {steps.steps.map((step, i) => (
            <span
              key={step.title}
              className={`h-1.5 flex-1 rounded-full ${i <= index ? 'bg-primary' : 'bg-base-content/20'}`}
            />
          ))}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/**
 * The form's buttons: on a phone, Back (or `cancel` on the first step) and Next until the last
 * step, which has `submit`; on a wider screen `cancel` and `submit`.
 */
export function StepActions<F extends string>({
  steps,
  cancel,
  submit,
  className = 'flex flex-wrap justify-end gap-3',
}: {
  steps: FormSteps<F>;
  cancel?: ReactNode;
  submit: ReactNode;
  className?: string;
}) {
  const tu = useT(uiMessages);
  const stepping = steps.stepped;
  return (
    <div className={className}>
      {stepping && !steps.isFirst ? (
        <Button variant="ghost" onClick={steps.back}>
          {tu('action.back')}
        </Button>
      ) : (
        cancel
      )}
      {/* Next is a submit button, so Enter in a field means Next too (see `onSubmit`). */}
      {stepping && !steps.isLast ? (
        <Button key="next" type="submit">
          {tu('action.next')}
        </Button>
      ) : (
        <span key="submit" className="contents">
          {submit}
        </span>
      )}
    </div>
  );
}
