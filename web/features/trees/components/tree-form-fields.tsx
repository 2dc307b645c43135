import { useState, type ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { FILE_MESSAGES } from '../../../../contract/files';
import { fieldErrorText, SelectField, TextField } from '../../../components/ui/form-field';
import { ImageUploadField, type ImageFieldValue } from '../../../components/ui/image-picker';
import { mutedText, textLink } from '../../../components/ui/looks';
import { useDeliveredReservations, useDriveChoices, useTree } from '../api';
import { formatDay, REGISTER_PATH, SPECIES_OPTIONS, treeTitle } from '../format';

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'size' | 'className' | 'id' | 'children'>;

/**
 * The species: a search box narrows the list of 70 by their local and English names, the select
 * chooses. The chosen species always stays in the list.
 */
export function SpeciesField({
  value,
  error,
  select,
}: {
  value: string;
  error?: string | undefined;
  select: SelectProps;
}) {
  const [query, setQuery] = useState('');
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (label: string) => words.every((word) => label.toLowerCase().includes(word));
  const options = SPECIES_OPTIONS.filter(
    (option) => option.value === value || matches(option.label),
  );
  // The count is of the species the words match, chosen or not; the chosen one only stays listed.
  const found = SPECIES_OPTIONS.filter((option) => matches(option.label)).length;
  return (
    <div className="flex flex-col gap-3" data-field="treesType">
      <TextField
        label="Find a species"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        hint={
          words.length > 0
            ? `${found} of ${SPECIES_OPTIONS.length} species match.`
            : `Type part of a local or English name to narrow the ${SPECIES_OPTIONS.length} species.`
        }
        autoComplete="off"
      />
      <SelectField
        label="Tree Type"
        placeholder="Choose a species"
        options={options}
        error={error}
        {...select}
      />
    </div>
  );
}

/** Optionally, the drive it was planted at: one I organised or joined. */
export function DriveField({
  currentDriveId,
  error,
  select,
}: {
  /** Edit: the tree's drive stays choosable even if I have since left it. */
  currentDriveId?: string | undefined;
  error?: string | undefined;
  select: SelectProps;
}) {
  const drives = useDriveChoices();
  const options = (drives.data ?? []).map((drive) => ({
    value: drive.id,
    label: `${drive.driveName} (${formatDay(drive.driveDate)})`,
  }));
  if (currentDriveId && !options.some((o) => o.value === currentDriveId))
    options.unshift({ value: currentDriveId, label: 'The drive it is linked to now' });
  const hint = drives.isPending
    ? 'Loading the drives you joined or organised…'
    : drives.isError
      ? 'Your drives could not be loaded just now; you can link one later by editing the tree.'
      : options.length === 0
        ? 'You have not joined or organised any drives yet.'
        : 'Only drives you joined or organised are listed.';
  return (
    <div data-field="driveId">
      <SelectField
        label="Planted at a drive (optional)"
        placeholder="Not at a drive"
        options={options}
        hint={hint}
        error={error}
        {...select}
      />
    </div>
  );
}

/** Registering at a drive supplied by a partner nursery: which delivered saplings it was. */
export function ReservationField({
  driveId,
  error,
  select,
}: {
  driveId: string;
  error?: string | undefined;
  select: SelectProps;
}) {
  const reservations = useDeliveredReservations(driveId);
  const options = (reservations.data ?? []).map((r) => ({
    value: r.id,
    label: `${r.quantity} × ${r.stock.species.label} from ${r.nursery.name}`,
  }));
  if (!driveId || options.length === 0) return null;
  return (
    <div data-field="reservationId">
      <SelectField
        label="Saplings from (optional)"
        placeholder="Not recorded"
        options={options}
        hint="The partner nursery delivery these trees came from: it links the tree to the nursery and the donors."
        error={error}
        {...select}
      />
    </div>
  );
}

/** An optional photo (on edit `existing` is the tree's current one): previewed, removable. */
export function PhotoField(field: ImageFieldValue) {
  return (
    <ImageUploadField
      {...field}
      label="Photo (optional)"
      name="treeImage"
      data-field="image"
      hint={
        field.existing
          ? `${FILE_MESSAGES.hint} Leave empty to keep the current photo.`
          : `${FILE_MESSAGES.hint} Location data in the file is removed.`
      }
      previewAlt={{ chosen: 'Preview of the chosen tree photo', current: 'Current tree photo' }}
      previewTestId="tree-photo-preview"
      removeLabel="Remove photo"
    />
  );
}

/** Registering a replacement for a tree that died: which one, and a way out. */
export function ReplacesNote({ treeId, error }: { treeId: string; error?: string | undefined }) {
  const dead = useTree(treeId);
  const what = dead.data
    ? `${treeTitle(dead.data)}, planted ${formatDay(dead.data.plantedAt)}`
    : 'a tree of yours that died';
  return (
    <div
      className="rounded-box border border-base-300 bg-base-200 p-4"
      data-field="replacesTreeId"
      data-testid="replaces-note"
    >
      <p>
        <strong>Replanting:</strong> this tree replaces {what}. Registering it closes that
        replanting task.
      </p>
      {error ? (
        <p className={`${fieldErrorText} mt-2`} role="alert">
          {error}
        </p>
      ) : null}
      <p className={`${mutedText} mt-2 text-sm`}>
        Not a replacement?{' '}
        <Link to={REGISTER_PATH} className={textLink}>
          Register a new tree instead
        </Link>
      </p>
    </div>
  );
}
