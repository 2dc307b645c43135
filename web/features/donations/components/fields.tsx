import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ChoiceTiles } from '../../../components/ui/choice-tiles';
import { fieldErrorText, fieldHintText } from '../../../components/ui/form-field';

/*
 * Radio buttons bound with react-hook-form's `register`, in the field family's look (the kit has
 * no radio member yet): a fieldset whose legend names the choice, each option a large target with
 * an optional second line, and the error tied to the group.
 */

/** Radio buttons under a legend; each option may carry a second line. */
export function RadioGroup({
  legend,
  registration,
  error,
  options,
  className,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: ReactNode; detail?: ReactNode }>;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={`flex flex-col gap-2 ${className ?? ''}`}
      aria-describedby={error ? `${id}error` : undefined}
    >
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {options.map((option, index) => (
        <label
          key={option.value}
          htmlFor={`${id}${index}`}
          className="flex cursor-pointer items-start gap-3 rounded-box border border-base-content/20 p-3 has-checked:border-primary has-checked:bg-primary/10"
        >
          <input
            type="radio"
            {...registration}
            id={`${id}${index}`}
            value={option.value}
            className="radio radio-primary mt-0.5"
          />
          <span className="flex flex-col">
            <span className="font-semibold break-words">{option.label}</span>
            {option.detail ? <span className={fieldHintText}>{option.detail}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${id}error`} className={fieldErrorText} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Tiles of one radio choice (issue 19 §7), the kit's `ChoiceTiles`: arrow keys move between tiles
 * of the same name (across groups too); the error of a choice spread over several groups is shown
 * once below them (`ChoiceError`) and tied to each group with `errorId`.
 */
export function TileGroup({
  legend,
  registration,
  error,
  errorId,
  options,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** The id the error paragraph takes (shared by every group of the same choice). */
  errorId?: string | undefined;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
}) {
  return (
    <ChoiceTiles
      legend={legend}
      {...registration}
      error={error}
      showError={false}
      describedBy={errorId}
      columns={5}
      groupRole="group"
      options={options}
    />
  );
}

/** The error of a choice spread over several tile groups, shown once below them. */
export function ChoiceError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className={fieldErrorText} data-testid="field-error" role="alert">
      {error}
    </p>
  ) : null;
}
