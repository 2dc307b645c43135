import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from '../../../components/ui/toast';
import { speciesByValue, TREE_SIZES, TREE_SPECIES } from '../../../../contract/options';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { TREE_LIMITS, TREE_MESSAGES, type Tree } from '../../../../contract/trees';
import { Button } from '../../../components/ui/button';
import { ChoiceTiles } from '../../../components/ui/choice-tiles';
import { DateField } from '../../../components/ui/date-field';
import { fieldErrorText, FormErrorSummary, TextField } from '../../../components/ui/form-field';
import {
  FormStep,
  StepActions,
  useFormSteps,
  type StepDefinition,
} from '../../../components/ui/form-steps';
import { LocationField } from '../../../components/ui/location-field';
import { VALIDATION_RHYTHM } from '../../../components/ui/use-contract-form';
import { useRegisterTree, useUpdateTree } from '../api';
import { useDriveChoices } from '../drive-choices';
import { sizeKey, todayKey } from '../format';
import { treesMessages, type TreesT } from '../messages';
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
import { treeDraft, treeDraftPhoto } from './tree-draft';
import { formatDateTime } from '../../../lib/dates';
import { useTreeNames } from '../use-tree-names';

/** Focuses the first control of a field's block (the search box for the map). */
function focusField(form: HTMLFormElement | null, field: TreeErrorField) {
  const block = form?.querySelector(`[data-field="${field}"]`);
  const control = block?.matches('input, select, textarea')
    ? block
    : (block?.querySelector('select, input:not([type="search"]):not([disabled]), textarea') ??
      block?.querySelector('input:not([disabled]), button'));
  if (control instanceof HTMLElement) control.focus();
}

const SPECIES_VALUES = new Set(TREE_SPECIES.map((s) => String(s.value)));

const sizeTiles = (t: TreesT) =>
  TREE_SIZES.map((s) => {
    // "Packet (2 ft – 4 ft)": the name on the tile, the height under it.
    const label = t(sizeKey(s.value) ?? 'size.packet');
    const [name, height] = label.split(/ \((.*)\)$/);
    return { value: s.value, label: name ?? label, detail: height };
  });

/** On a phone the form is three steps (issue 23); on a wider screen one screen in three parts. */
const treeSteps = (t: TreesT): readonly StepDefinition<TreeErrorField>[] => [
  {
    title: t('form.step.what'),
    fields: ['replacesTreeId', 'treesType', 'treeCount', 'treeSize', 'plantedAt'],
  },
  { title: t('form.step.where'), fields: ['point', 'treeLocation'] },
  { title: t('form.step.details'), fields: ['treeName', 'driveId', 'reservationId', 'image'] },
];

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
  const t = useT(treesMessages);
  const locale = useIntlLocale();
  const names = useTreeNames();
  const [resolver] = useState(() => treeFormResolver(mode));
  // A plain registration (no tree it replaces, no drive in the address) resumes its draft.
  const drafted = mode === 'register' && !replacesTreeId && !presetDriveId;
  const [blank] = useState(() => initialValues(undefined, { replacesTreeId: '', driveId: '' }));
  const [draft, setDraft] = useState(() => (drafted ? treeDraft.read() : null));
  const form = useForm<TreeFormValues>({
    ...VALIDATION_RHYTHM,
    defaultValues:
      !tree && replaces
        ? replacementValues(replaces, { driveId: presetDriveId ?? '' })
        : draft
          ? { ...blank, ...draft.values, image: null }
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

  // The draft's photo comes back from IndexedDB a moment after the rest.
  useEffect(() => {
    if (!draft) return;
    let live = true;
    void treeDraftPhoto
      .read()
      .then((photo) => {
        if (live && photo && !form.getValues('image')) form.setValue('image', photo);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [draft, form]);

  // Editing a field clears its error; a plain registration is kept as a draft as it is filled.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, values }) => {
          if (name) clearErrors(name as TreeErrorField);
          if (!drafted || !name) return;
          treeDraft.save(values, blank);
          if (name === 'image') void treeDraftPhoto.save(values.image).catch(() => undefined);
        },
      }),
    [subscribe, clearErrors, drafted, blank],
  );

  const errorOf = (name: TreeErrorField) => formState.errors[name]?.message;
  const field = (name: 'treeCount' | 'treeSize' | 'treeName') => ({
    ...register(name),
    error: errorOf(name),
    disabled: busy,
  });
  const [treesType, treeLocation, driveId] = useWatch({
    control,
    name: ['treesType', 'treeLocation', 'driveId'],
  });

  const steps = useFormSteps<TreeErrorField>({
    steps: treeSteps(t),
    validate: async (fields) => {
      const valid = await form.trigger(fields);
      // Read live (formState is the last render's): the step's first field in error.
      const first = fields.find((name) => form.getFieldState(name).error);
      if (!valid && first) focusField(formElement, first);
      return valid;
    },
  });
  const focusFirst = (errors: FieldErrors<TreeFormValues>) => {
    const first = firstError(errors);
    if (!first) return;
    steps.reveal(first);
    focusField(formElement, first);
  };

  // Registering at a drive: its (first) species unless one was chosen already.
  const drives = useDriveChoices();
  const atDrive = mode === 'register' ? drives.data?.find((d) => d.id === driveId) : undefined;
  const driveSpecies = atDrive?.treesType[0]?.value;
  useEffect(() => {
    if (!driveSpecies || form.getValues('treesType') || form.getFieldState('treesType').isDirty)
      return;
    if (!SPECIES_VALUES.has(driveSpecies)) return;
    form.setValue('treesType', driveSpecies);
  }, [form, driveSpecies]);

  const [kept, setKept] = useState(false);
  const onSubmit = form.handleSubmit((values) => {
    if (busy) return;
    setKept(false);
    const body = buildFormData(values, mode);
    const onError = (error: unknown) => {
      const refused = fieldOfFailure(error);
      if (!refused) return;
      setError(refused.field, { type: 'server', message: refused.message });
      steps.reveal(refused.field);
      focusField(formElement, refused.field);
    };
    if (mode === 'edit')
      return updateTree.mutate(body, {
        onSuccess: (answer) => {
          toast.success(TREE_MESSAGES.updated);
          onSaved(answer.data.tree);
        },
        onError,
      });
    const label =
      values.treeName.trim() ||
      t('form.queueLabel', {
        count: values.treeCount || 1,
        species: speciesByValue(Number(values.treesType))
          ? names.species(Number(values.treesType))
          : t('form.someTrees'),
      });
    registerTree.mutate(
      { body, label },
      {
        onSuccess: (result) => {
          treeDraft.clear();
          setDraft(null);
          if ('sent' in result) {
            toast.success(TREE_MESSAGES.saved);
            return onSaved(result.sent.data.tree);
          }
          // Kept on this phone (issue 24): a fresh form for the next tree at the same drive.
          form.reset({ ...blank, driveId: presetDriveId ?? '' });
          steps.reveal('treesType');
          setKept(true);
        },
        onError,
      },
    );
  }, focusFirst);

  const errorCount = Object.values(formState.errors).filter(Boolean).length;
  const saveFailed = save.isError && !fieldOfFailure(save.error);

  return (
    <form
      ref={setFormElement}
      noValidate
      onSubmit={steps.onSubmit(onSubmit)}
      aria-label={mode === 'register' ? t('form.registerLabel') : t('form.editLabel')}
      className="flex flex-col gap-6"
    >
      <FormStep steps={steps} index={0} headingLevel={3}>
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
                label={t('form.count')}
                type="number"
                inputMode="numeric"
                min={1}
                max={TREE_LIMITS.countMax}
                step={1}
                hint={t('form.countHint', { max: TREE_LIMITS.countMax })}
                {...field('treeCount')}
              />
            </div>
            <div data-field="treeSize">
              <ChoiceTiles
                legend={t('form.size')}
                columns={2}
                options={sizeTiles(t)}
                {...field('treeSize')}
              />
            </div>
            <Controller
              control={control}
              name="plantedAt"
              render={({ field: planted }) => (
                <DateField
                  label={t('form.plantedAt')}
                  min={TREE_LIMITS.earliestPlanting}
                  max={todayKey()}
                  hint={t('form.plantedAtHint')}
                  {...planted}
                  error={errorOf('plantedAt')}
                  disabled={busy}
                />
              )}
            />
          </div>
        </div>
      </FormStep>

      <FormStep steps={steps} index={1} headingLevel={3}>
        <Controller
          control={control}
          name="point"
          render={({ field: point }) => (
            <LocationField
              legend={t('form.location')}
              mapLabel={t('form.mapLabel')}
              textName="treeLocation"
              textMaxLength={TREE_LIMITS.locationMax}
              textHint={t('form.locationHint')}
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
      </FormStep>

      <FormStep steps={steps} index={2} headingLevel={3}>
        <div className="grid gap-4 md:grid-cols-2">
          <div data-field="treeName">
            <TextField
              label={t('form.nickname')}
              maxLength={TREE_LIMITS.nameMax}
              autoComplete="off"
              hint={t('form.nicknameHint')}
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
      </FormStep>

      <FormErrorSummary count={errorCount} />
      {draft ? (
        <div className="alert alert-info flex flex-wrap justify-between" role="status">
          <span>{t('form.draftBack', { when: formatDateTime(draft.savedAt, locale) })}</span>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              treeDraft.clear();
              setDraft(null);
              form.reset(blank);
            }}
          >
            {t('form.startAgain')}
          </Button>
        </div>
      ) : null}
      {kept ? (
        <p className="alert alert-info" role="status" data-testid="tree-kept">
          {t('form.savedOnPhone')}
        </p>
      ) : null}
      {saveFailed ? (
        <p className={fieldErrorText} role="alert">
          {save.error instanceof Error && save.error.message
            ? save.error.message
            : TREE_MESSAGES.saveFailed}
        </p>
      ) : null}

      <StepActions
        steps={steps}
        cancel={
          onCancel ? (
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              {t('form.cancel')}
            </Button>
          ) : null
        }
        submit={
          <Button type="submit" busy={busy} busyLabel={t('form.saving')}>
            {mode === 'register' ? t('form.register') : t('form.save')}
          </Button>
        }
      />
    </form>
  );
}
