import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { fieldErrorText, fieldHintText, setRefs } from './field-shell';

/*
 * One choice among a few (≤ 6), shown as tiles instead of a select (issue 23): the field family's
 * member for radio choices. A fieldset with the radiogroup role, named by its legend; each tile is
 * a native radio (visually hidden) inside a large label, so the browser gives the group one tab
 * stop and arrow keys move and choose between tiles, screen readers say "2 of 3", and
 * react-hook-form's `register(name)` / `form.field(name)` spreads straight in (every radio takes
 * the same registration; focusing the field after a refused save reaches the first tile).
 */

type RadioProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'id' | 'className' | 'size' | 'children'
>;

export interface ChoiceTile {
  value: string;
  label: ReactNode;
  /** A second, smaller line under the label. */
  detail?: ReactNode;
}

const columnClasses = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-3',
  5: 'grid-cols-3 sm:grid-cols-5',
  auto: 'grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))]',
} as const;

export function ChoiceTiles({
  legend,
  hint,
  error,
  options,
  columns = 'auto',
  describedBy,
  showError = true,
  groupRole = 'radiogroup',
  ref,
  ...radio
}: RadioProps & {
  legend: string;
  hint?: ReactNode;
  error?: string | undefined;
  options: readonly ChoiceTile[];
  /** How the tiles sit: a fixed number of columns, or as many as fit (`auto`). */
  columns?: keyof typeof columnClasses;
  /** An id outside the group that describes it (an error shown once below several groups). */
  describedBy?: string | undefined;
  /** False when the error is shown elsewhere (see `describedBy`). */
  showError?: boolean;
  /**
   * `group` when one choice's radios are spread over several groups (Donate's trees and cash),
   * so that no group claims to be the whole choice.
   */
  groupRole?: 'radiogroup' | 'group';
}) {
  const id = useId();
  const legendId = `${id}legend`;
  const hintId = hint ? `${id}hint` : undefined;
  const errorId = error && showError ? `${id}error` : undefined;
  const description = [hintId, errorId, error ? describedBy : undefined].filter(Boolean).join(' ');
  return (
    <fieldset
      role={groupRole === 'radiogroup' ? 'radiogroup' : undefined}
      aria-labelledby={legendId}
      aria-describedby={description || undefined}
      aria-invalid={error && groupRole === 'radiogroup' ? true : undefined}
      className="flex min-w-0 flex-col gap-1.5"
      data-field={radio.name}
    >
      <legend id={legendId} className="mb-1.5 text-sm font-semibold">
        {legend}
      </legend>
      <div className={`grid gap-2 ${columnClasses[columns]}`}>
        {options.map((option, index) => (
          <label
            key={option.value}
            htmlFor={`${id}${index}`}
            data-testid="choice-tile"
            className={`relative flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-box border px-3 py-2 text-center has-checked:border-primary has-checked:bg-primary has-checked:text-primary-content has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-base-content has-disabled:cursor-not-allowed has-disabled:opacity-60 ${
              error ? 'border-red-700 dark:border-red-300' : 'border-base-content/30'
            }`}
          >
            <input
              {...radio}
              ref={(node) => setRefs(node, ref)}
              type="radio"
              id={`${id}${index}`}
              value={option.value}
              aria-labelledby={`${id}${index}label`}
              aria-describedby={option.detail ? `${id}${index}detail` : undefined}
              className="sr-only"
            />
            <span id={`${id}${index}label`} className="font-semibold break-words">
              {option.label}
            </span>
            {option.detail ? (
              <span id={`${id}${index}detail`} className="text-sm">
                {option.detail}
              </span>
            ) : null}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className={fieldHintText}>
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className={fieldErrorText} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
