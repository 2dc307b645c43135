import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { COUNTRIES } from '../../../../contract/countries';
import {
  DRIVE_LIMITS,
  DRIVE_MESSAGES,
  type DriveDetail,
  type Option,
} from '../../../../contract/drives';
import { DRIVE_DURATIONS, TREE_SIZES, TREE_SPECIES } from '../../../../contract/options';
import {
  FieldMessages,
  fieldErrorText,
  SelectField,
  TextAreaField,
  TextField,
  useFieldIds,
} from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { useCorporateOptions, useSaveDrive } from '../api';
import {
  buildFormData,
  fieldOfFailure,
  firstError,
  initialState,
  validateDrive,
  type DriveFormErrors,
  type DriveFormMode,
  type DriveFormState,
  type ErrorField,
} from '../drive-form-state';
import { DateTimeField } from './date-time-field';
import { ImageField } from './image-field';
import { LocationField } from './location-field';
import { MultiSelect } from './multi-select';
import { TagInput } from './tag-input';

const SPECIES_OPTIONS: Option[] = TREE_SPECIES.map((s) => ({
  value: String(s.value),
  label: s.label,
}));

/** The fields that hold plain text, each its own error field. */
type TextKey = 'driveName' | 'treeQuantity' | 'country' | 'driveDesc' | 'driveDuration';

/** Focuses the first control of a field's block (the search box for the map). */
function focusField(form: HTMLFormElement, field: ErrorField) {
  const block = form.querySelector(`[data-field="${field}"]`);
  const control = block?.matches('input, select, textarea')
    ? block
    : (block?.querySelector('input:not([disabled]), select, textarea') ??
      block?.querySelector('button'));
  if (control instanceof HTMLElement) control.focus();
}

/** Tree sizes as a group of checkboxes (two options: nothing to search). */
function TreeSizeField({
  values,
  onChange,
  error,
}: {
  values: string[];
  onChange(values: string[]): void;
  error?: string | undefined;
}) {
  const ids = useFieldIds();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      data-field="treeSize"
      aria-describedby={error ? ids.errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-semibold">Tree Size</legend>
      {TREE_SIZES.map((size) => (
        <label key={size.value} className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            name="treeSize"
            value={size.value}
            checked={values.includes(size.value)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...values, size.value]
                  : values.filter((v) => v !== size.value),
              )
            }
          />
          {size.label}
        </label>
      ))}
      <FieldMessages ids={ids} error={error} />
    </fieldset>
  );
}

/** The add / edit tree drive form (spec §2 "Tree drive form"), shown in the app's modal. */
export default function DriveForm({
  mode,
  drive,
  onDone,
  onCancel,
}: {
  mode: DriveFormMode;
  drive?: DriveDetail;
  onDone(): void;
  onCancel(): void;
}) {
  const [state, setState] = useState<DriveFormState>(() => initialState(drive));
  const [errors, setErrors] = useState<DriveFormErrors>({});
  const save = useSaveDrive(drive?.id);
  const corporate = useCorporateOptions();
  const busy = save.isPending;

  /** Changes fields; editing a field clears its error (spec §5). */
  const update = (patch: Partial<DriveFormState>, clears: ErrorField[]) => {
    setState((previous) => ({ ...previous, ...patch }));
    setErrors((previous) => {
      if (!clears.some((field) => previous[field])) return previous;
      const next = { ...previous };
      for (const field of clears) delete next[field];
      return next;
    });
  };
  const setError = (field: ErrorField, message: string | undefined) =>
    setErrors((previous) => ({ ...previous, [field]: message }));
  /** A plain text field's name, value and error; editing it clears that error. */
  const bindText = (name: TextKey) => ({
    name,
    value: state[name],
    error: errors[name],
    onChange: (value: string) => update({ [name]: value }, [name]),
  });

  const landOptions: Option[] = [
    ...(corporate.data ?? []),
    // A donor already on the drive stays choosable even if the list no longer has them.
    ...state.landDonatedBy.filter((o) => !corporate.data?.some((c) => c.value === o.value)),
  ];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const found = validateDrive(state, mode, {
      ...(drive ? { originalDate: drive.driveDate } : {}),
    });
    setErrors(found);
    const first = firstError(found);
    if (first) {
      focusField(form, first);
      return;
    }
    save.mutate(buildFormData(state), {
      onSuccess: () => {
        toast.success(mode === 'create' ? DRIVE_MESSAGES.saved : DRIVE_MESSAGES.updated);
        onDone();
      },
      onError: (error) => {
        toast.error(DRIVE_MESSAGES.saveFailed);
        const refused = fieldOfFailure(error);
        if (refused) {
          setError(refused.field, refused.message);
          focusField(form, refused.field);
        }
      },
    });
  }

  const errorCount = Object.values(errors).filter(Boolean).length;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={mode === 'create' ? 'New tree drive' : 'Edit tree drive'}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <div data-field="driveName">
          <TextField
            label="Drive Name"
            {...bindText('driveName')}
            maxLength={DRIVE_LIMITS.nameMax}
            autoComplete="off"
          />
        </div>
        <div data-field="treeQuantity">
          <TextField
            label="Tree Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={DRIVE_LIMITS.quantityMax}
            step={1}
            {...bindText('treeQuantity')}
          />
        </div>
        <DateTimeField
          label="Date and time"
          value={state.driveDate}
          text={state.driveDateText}
          error={errors.driveDate}
          onChange={(driveDate, driveDateText) =>
            update({ driveDate, driveDateText }, ['driveDate'])
          }
          onLeave={() => {
            if (state.driveDateText !== null && state.driveDateText.trim() !== '')
              setError('driveDate', DRIVE_MESSAGES.dateInvalid);
          }}
        />
        <div data-field="country">
          <SelectField
            label="Country"
            options={COUNTRIES}
            placeholder="Select a country"
            {...bindText('country')}
          />
        </div>
      </div>

      <LocationField
        point={state.point}
        onPoint={(point) => update({ point }, ['location'])}
        locationText={state.driveLocation}
        onLocationText={(driveLocation) => update({ driveLocation }, ['driveLocation'])}
        pointError={errors.location}
        textError={errors.driveLocation}
        disabled={busy}
      />

      <div data-field="driveDesc">
        <TextAreaField
          label="Description"
          {...bindText('driveDesc')}
          maxLength={DRIVE_LIMITS.descriptionMax}
          rows={3}
        />
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <TreeSizeField
          values={state.treeSize}
          onChange={(treeSize) => update({ treeSize }, ['treeSize'])}
          error={errors.treeSize}
        />
        <div data-field="driveDuration">
          <SelectField label="Duration" options={DRIVE_DURATIONS} {...bindText('driveDuration')} />
        </div>
        <TagInput
          label="Sponsored By"
          name="treeSponsored"
          values={state.treeSponsored}
          onChange={(treeSponsored) => update({ treeSponsored }, ['treeSponsored'])}
          error={errors.treeSponsored}
          chipsLabel="Chosen sponsors"
        />
        <MultiSelect
          label="Tree Type"
          name="treesType"
          options={SPECIES_OPTIONS}
          selected={state.treesType}
          onChange={(treesType) => update({ treesType }, ['treesType'])}
          error={errors.treesType}
          placeholder="Type to search 70 species"
          chipsLabel="Chosen tree types"
        />
        <MultiSelect
          label="Land Donated By"
          name="landDonatedBy"
          options={landOptions}
          selected={state.landDonatedBy.map((o) => o.value)}
          onChange={(values) =>
            update(
              {
                landDonatedBy: values
                  .map((value) => landOptions.find((o) => o.value === value))
                  .filter((o): o is Option => o !== undefined),
              },
              ['landDonatedBy'],
            )
          }
          error={errors.landDonatedBy}
          placeholder={
            corporate.isPending ? 'Loading corporate members…' : 'Type to search corporate members'
          }
          emptyText={
            corporate.isError ? 'The corporate members could not be loaded.' : 'No matches.'
          }
          chipsLabel="Chosen land donors"
        />
        <ImageField
          file={state.image}
          existing={state.existingImage}
          required={mode === 'create'}
          error={errors.treedriveImage}
          onFile={(image) => update({ image }, ['treedriveImage'])}
          onProblem={(message) => setError('treedriveImage', message)}
          disabled={busy}
        />
      </div>

      {errorCount > 0 ? (
        <p className={fieldErrorText} role="alert">
          Please correct the {errorCount === 1 ? 'field' : `${errorCount} fields`} marked above.
        </p>
      ) : null}
      {/* Said here too: the open modal sits above the toasts, so the toast alone is easy to miss. */}
      {save.isError ? (
        <p className={fieldErrorText} role="alert">
          {DRIVE_MESSAGES.saveFailed}
        </p>
      ) : null}

      <div className="modal-action mt-0">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn border-0 bg-green-700 text-white hover:bg-green-800"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? <Spinner /> : null}
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
