import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { TREE_SIZES } from '../../../../contract/options';
import { TREE_LIMITS, TREE_MESSAGES, type Tree } from '../../../../contract/trees';
import { Button } from '../../../components/ui/button';
import {
  fieldErrorText,
  FormErrorSummary,
  SelectField,
  TextField,
} from '../../../components/ui/form-field';
import { LocationField } from '../../../components/ui/location-field';
import { VALIDATION_RHYTHM } from '../../../components/ui/use-contract-form';
import { useRegisterTree, useUpdateTree } from '../api';
import { todayKey } from '../format';
import {
  buildFormData,
  fieldOfFailure,
  firstError,
  initialValues,
  replacementValues,
  treeFormResolver,
  type TreeErrorField,
  type TreeFormMode,
  type TreeFormValues,
} from '../tree-form-values';
import {
  DriveField,
  PhotoField,
  ReplacesNote,
  ReservationField,
  SpeciesField,
} from './tree-form-fields';
import { formatCount } from '../../../lib/numbers';

/** Focuses the first control of a field's block (the search box for the map). */
function focusField(form: HTMLFormElement | null, field: TreeErrorField) {
  const block = form?.querySelector(`[data-field="${field}"]`);
  const control = block?.matches('input, select, textarea')
    ? block
    : (block?.querySelector('select, input:not([type="search"]):not([disabled]), textarea') ??
      block?.querySelector('input:not([disabled]), button'));
  if (control instanceof HTMLElement) control.focus();
}

const SIZE_OPTIONS = TREE_SIZES.map((s) => ({ value: s.value, label: s.label }));

/**
 * The tree registration form (`POST /api/trees`), also the owner's edit form (`PATCH`): checked
 * with the contract's schema as the fields are left and when sent; a refusal the server ties to a
 * field shows beside it.
 */
export function TreeForm({
  mode,
  tree,
  replacesTreeId,
  replaces,
  driveId: presetDriveId,
  onSaved,
  onCancel,
}: {
  mode: TreeFormMode;
  /** Edit: the tree as it is. */
  tree?: Tree;
  /** Register: the dead tree this one replaces (`?replaces=`). */
  replacesTreeId?: string | undefined;
  /** Register: that dead tree as loaded, whose species, plants, size and place the form starts with. */
  replaces?: Tree | undefined;
  /** A new record at this drive (the organiser's reminder links here with it). */
  driveId?: string | undefined;
  onSaved(tree: Tree): void;
  onCancel?: () => void;
}) {
  const [resolver] = useState(() => treeFormResolver(mode));
  const form = useForm<TreeFormValues>({
    ...VALIDATION_RHYTHM,
    defaultValues:
      !tree && replaces
        ? replacementValues(replaces, { driveId: presetDriveId ?? '' })
        : initialValues(tree, {
            replacesTreeId: replacesTreeId ?? '',
            driveId: presetDriveId ?? '',
          }),
    resolver,
    shouldFocusError: false,
  });
  const { control, formState, register, setError, clearErrors, subscribe } = form;
  const [formElement, setFormElement] = useState<HTMLFormElement | null>(null);
  const registerTree = useRegisterTree();
  const updateTree = useUpdateTree(tree?.id ?? '');
  const save = mode === 'register' ? registerTree : updateTree;
  const busy = save.isPending;

  // Editing a field clears its error.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (name) clearErrors(name as TreeErrorField);
        },
      }),
    [subscribe, clearErrors],
  );

  const errorOf = (name: TreeErrorField) => formState.errors[name]?.message;
  const field = (name: 'treeCount' | 'treeSize' | 'plantedAt' | 'treeName') => ({
    ...register(name),
    error: errorOf(name),
    disabled: busy,
  });
  const [treesType, treeLocation, driveId] = useWatch({
    control,
    name: ['treesType', 'treeLocation', 'driveId'],
  });

  const focusFirst = (errors: FieldErrors<TreeFormValues>) => {
    const first = firstError(errors);
    if (first) focusField(formElement, first);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (busy) return;
    save.mutate(buildFormData(values, mode), {
      onSuccess: (answer) => {
        toast.success(mode === 'register' ? TREE_MESSAGES.saved : TREE_MESSAGES.updated);
        onSaved(answer.data.tree);
      },
      onError: (error) => {
        const refused = fieldOfFailure(error);
        if (!refused) return;
        setError(refused.field, { type: 'server', message: refused.message });
        focusField(formElement, refused.field);
      },
    });
  }, focusFirst);

  const errorCount = Object.values(formState.errors).filter(Boolean).length;
  const saveFailed = save.isError && !fieldOfFailure(save.error);

  return (
    <form
      ref={setFormElement}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={mode === 'register' ? 'Register a tree' : 'Edit tree'}
      className="flex flex-col gap-5"
    >
      {replacesTreeId ? (
        <ReplacesNote treeId={replacesTreeId} error={errorOf('replacesTreeId')} />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <SpeciesField
          value={treesType}
          error={errorOf('treesType')}
          select={{ ...register('treesType'), disabled: busy }}
        />
        <div className="flex flex-col gap-4">
          <div data-field="treeCount">
            <TextField
              label="How many"
              type="number"
              inputMode="numeric"
              min={1}
              max={TREE_LIMITS.countMax}
              step={1}
              hint={`Plants of this species at this spot, 1 to ${formatCount(TREE_LIMITS.countMax)}.`}
              {...field('treeCount')}
            />
          </div>
          <div data-field="treeSize">
            <SelectField
              label="Size at planting"
              placeholder="Choose a size"
              options={SIZE_OPTIONS}
              {...field('treeSize')}
            />
          </div>
          <div data-field="plantedAt">
            <TextField
              label="Planting date"
              type="date"
              min={TREE_LIMITS.earliestPlanting}
              max={todayKey()}
              hint="The day it went into the ground (not in the future)."
              {...field('plantedAt')}
            />
          </div>
        </div>
      </div>

      <Controller
        control={control}
        name="point"
        render={({ field: point }) => (
          <LocationField
            legend="Tree location"
            mapLabel="Map: click to choose where the tree stands"
            textName="treeLocation"
            textMaxLength={TREE_LIMITS.locationMax}
            textHint="A place name for you. Only you see the exact point; others see it to about 100 m."
            point={point.value}
            onPoint={point.onChange}
            locationText={treeLocation}
            onLocationText={(text) => form.setValue('treeLocation', text)}
            pointError={errorOf('point')}
            textError={errorOf('treeLocation')}
            disabled={busy}
          />
        )}
      />

      <div className="grid gap-4 md:grid-cols-2">
        <div data-field="treeName">
          <TextField
            label="Nickname (optional)"
            maxLength={TREE_LIMITS.nameMax}
            autoComplete="off"
            hint="A name to know it by, e.g. “Grandma’s mango”."
            {...field('treeName')}
          />
        </div>
        <DriveField
          currentDriveId={tree?.driveId ?? undefined}
          error={errorOf('driveId')}
          select={{ ...register('driveId'), disabled: busy }}
        />
        {mode === 'register' ? (
          <ReservationField
            driveId={driveId}
            error={errorOf('reservationId')}
            select={{ ...register('reservationId'), disabled: busy }}
          />
        ) : null}
        <Controller
          control={control}
          name="image"
          render={({ field: image }) => (
            <PhotoField
              file={image.value}
              existing={tree?.photoUrl}
              error={errorOf('image')}
              onFile={image.onChange}
              onProblem={(message) => setError('image', { type: 'validate', message })}
              disabled={busy}
            />
          )}
        />
      </div>

      <FormErrorSummary count={errorCount} />
      {saveFailed ? (
        <p className={fieldErrorText} role="alert">
          {save.error instanceof Error && save.error.message
            ? save.error.message
            : TREE_MESSAGES.saveFailed}
        </p>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={busy} busyLabel="Saving…">
          {mode === 'register' ? 'Register tree' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
