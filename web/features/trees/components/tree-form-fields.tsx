import { useState, type ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { FILE_MESSAGES } from '../../../../contract/files';
import { fieldErrorText, SelectField, TextField } from '../../../components/ui/form-field';
import { ImageUploadField, type ImageFieldValue } from '../../../components/ui/image-picker';
import { mutedText, textLink } from '../../../components/ui/looks';
import { useTree } from '../api';
import { useDeliveredReservations, useDriveChoices } from '../drive-choices';
import { formatDay, REGISTER_PATH } from '../format';
import { useTreeNames } from '../use-tree-names';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { treesMessages } from '../messages';

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
  const t = useT(treesMessages);
  const { options: all } = useTreeNames();
  const [query, setQuery] = useState('');
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (label: string) => words.every((word) => label.toLowerCase().includes(word));
  const options = all
    .filter((option) => option.value === value || matches(option.search))
    .map(({ value: optionValue, label }) => ({ value: optionValue, label }));
  // The count is of the species the words match, chosen or not; the chosen one only stays listed.
  const found = all.filter((option) => matches(option.search)).length;
  return (
    <div className="flex flex-col gap-3" data-field="treesType">
      <TextField
        label={t('species.find')}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        hint={
          words.length > 0
            ? t('species.matches', { found, total: all.length })
            : t('species.hint', { total: all.length })
        }
        autoComplete="off"
      />
      <SelectField
        label={t('species.label')}
        placeholder={t('species.placeholder')}
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
  const t = useT(treesMessages);
  const locale = useIntlLocale();
  const drives = useDriveChoices();
  const options = (drives.data ?? []).map((drive) => ({
    value: drive.id,
    label: t('drive.option', { name: drive.driveName, day: formatDay(drive.driveDate, locale) }),
  }));
  if (currentDriveId && !options.some((o) => o.value === currentDriveId))
    options.unshift({ value: currentDriveId, label: t('drive.current') });
  const hint = drives.isPending
    ? t('drive.loading')
    : drives.isError
      ? t('drive.failed')
      : options.length === 0
        ? t('drive.none')
        : t('drive.hint');
  return (
    <div data-field="driveId">
      <SelectField
        label={t('drive.label')}
        placeholder={t('drive.placeholder')}
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
  const t = useT(treesMessages);
  const names = useTreeNames();
  const reservations = useDeliveredReservations(driveId);
  const options = (reservations.data ?? []).map((r) => ({
    value: r.id,
    label: t('reservation.option', {
      quantity: r.quantity,
      species: names.species(r.stock.species.value),
      nursery: r.nursery.name,
    }),
  }));
  if (!driveId || options.length === 0) return null;
  return (
    <div data-field="reservationId">
      <SelectField
        label={t('reservation.label')}
        placeholder={t('reservation.placeholder')}
        options={options}
        hint={t('reservation.hint')}
        error={error}
        {...select}
      />
    </div>
  );
}

/** An optional photo (on edit `existing` is the tree's current one): previewed, removable. */
export function PhotoField(field: ImageFieldValue) {
  const t = useT(treesMessages);
  return (
    <ImageUploadField
      {...field}
      label={t('photo.label')}
      name="treeImage"
      data-field="image"
      hint={t(field.existing ? 'photo.hintKeep' : 'photo.hintNew', { rules: FILE_MESSAGES.hint })}
      previewAlt={{ chosen: t('photo.altChosen'), current: t('photo.altCurrent') }}
      previewTestId="tree-photo-preview"
      removeLabel={t('photo.remove')}
    />
  );
}

/** Registering a replacement for a tree that died: which one, and a way out. */
export function ReplacesNote({ treeId, error }: { treeId: string; error?: string | undefined }) {
  const t = useT(treesMessages);
  const locale = useIntlLocale();
  const names = useTreeNames();
  const dead = useTree(treeId);
  const what = dead.data
    ? t('replaces.what', {
        title: names.title(dead.data),
        day: formatDay(dead.data.plantedAt, locale),
      })
    : t('replaces.unknown');
  return (
    <div
      className="rounded-box border border-base-300 bg-base-200 p-4"
      data-field="replacesTreeId"
      data-testid="replaces-note"
    >
      <p>{rich(t('replaces.note', { what }), { strong: (text) => <strong>{text}</strong> })}</p>
      {error ? (
        <p className={`${fieldErrorText} mt-2`} role="alert">
          {error}
        </p>
      ) : null}
      <p className={`${mutedText} mt-2 text-sm`}>
        {t('replaces.notReplacement')}{' '}
        <Link to={REGISTER_PATH} className={textLink}>
          {t('replaces.registerNew')}
        </Link>
      </p>
    </div>
  );
}
