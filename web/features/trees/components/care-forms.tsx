import { useState, type ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import {
  CARE_ACTIONS,
  careRequestSchema,
  DEATH_CAUSES,
  healthRequestSchema,
  MEASUREMENT_LIMITS,
  type CareRequest,
  type HealthRequest,
} from '../../../../contract/tree-care';
import type { Tree } from '../../../../contract/trees';
import { Button } from '../../../components/ui/button';
import { ChoiceTiles } from '../../../components/ui/choice-tiles';
import { DateField } from '../../../components/ui/date-field';
import { fieldErrorText, SelectField, TextAreaField } from '../../../components/ui/form-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { ApiError } from '../../../lib/api-client';
import { useLogCare, useReportHealth } from '../api';
import { actionKey, todayKey } from '../format';
import { failureMessage } from '../../../lib/api-client';
import { useToastOutcome } from './field-outcome';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages, treesMessages } from '../messages';
import { useTreeNames } from '../use-tree-names';

/**
 * After a refusal: a message the server tied to one of this form's fields goes beside it (and
 * that field gets focus); anything else is said under the form.
 */
export function useRefusal<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  fields: readonly Path<T>[],
) {
  const [refusal, setRefusal] = useState<string>();
  const refuse = (error: unknown) => {
    const field = error instanceof ApiError ? error.field : undefined;
    if (field && (fields as readonly string[]).includes(field)) {
      form.setError(field as Path<T>, { type: 'server', message: (error as ApiError).message });
      form.setFocus(field as Path<T>);
      setRefusal(undefined);
    } else setRefusal(failureMessage(error));
  };
  return { refusal, refuse, clear: () => setRefusal(undefined) };
}

/** The cause select: its empty choice is "not said" (undefined), and choosing clears its error. */
export function registerCause<T extends FieldValues & { cause: string | undefined }>(
  form: UseFormReturn<T, unknown, unknown>,
) {
  const name = 'cause' as Path<T>;
  return form.register(name, {
    setValueAs: (value: string) => value || undefined,
    onChange: () => form.clearErrors(name),
  });
}

export function FormFooter({
  refusal,
  busy,
  submitLabel,
  onCancel,
}: {
  refusal: string | undefined;
  busy: boolean;
  submitLabel: string;
  onCancel(): void;
}): ReactNode {
  const t = useT(treeCareMessages);
  return (
    <>
      {refusal ? (
        <p className={fieldErrorText} role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="modal-action mt-0">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" busy={busy} busyLabel={t('form.saving')}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

interface CareValues {
  action: string;
  note: string;
  at: string;
}

/** Log care (`POST /api/trees/{id}/care`): what was done, when (today unless changed), a note. */
export function CareForm({ tree, onDone }: { tree: Tree; onDone(): void }) {
  const logCare = useLogCare();
  const t = useT(treeCareMessages);
  const names = useTreeNames();
  const tt = useT(treesMessages);
  const toastOutcome = useToastOutcome();
  // Six kinds of care: tiles, not a select (issue 23).
  const careTiles = CARE_ACTIONS.map((value) => ({ value, label: tt(actionKey(value)) }));
  const form = useContractForm<CareValues>(
    careRequestSchema,
    { action: '', note: '', at: todayKey() },
    { raw: true },
  );
  const { refusal, refuse, clear } = useRefusal(form, ['action', 'note', 'at']);
  const submit = form.handleSubmit(async (values) => {
    clear();
    const body: CareRequest = {
      action: values.action as CareRequest['action'],
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
      // Today means now; an earlier day is recorded as that day.
      ...(values.at && values.at !== todayKey() ? { at: values.at } : {}),
    };
    try {
      toastOutcome(
        await logCare.mutateAsync({
          id: tree.id,
          body,
          label: t('careForm.queue', { title: names.title(tree) }),
        }),
      );
      onDone();
    } catch (error) {
      refuse(error);
    }
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('careForm.label', { title: names.title(tree) })}
      className="flex flex-col gap-4"
    >
      <ChoiceTiles legend={t('careForm.what')} options={careTiles} {...form.field('action')} />
      <Controller
        control={form.control}
        name="at"
        render={({ field }) => (
          <DateField
            label={t('careForm.when')}
            max={todayKey()}
            {...field}
            onChange={(value) => {
              form.clearErrors('at');
              field.onChange(value);
            }}
            error={form.formState.errors.at?.message}
          />
        )}
      />
      <TextAreaField
        label={t('careForm.note')}
        maxLength={MEASUREMENT_LIMITS.noteMax}
        rows={3}
        {...form.field('note')}
      />
      <FormFooter
        refusal={refusal}
        busy={logCare.isPending}
        submitLabel={t('careForm.submit')}
        onCancel={onDone}
      />
    </form>
  );
}

interface DeathValues {
  status: 'dead';
  cause: string | undefined;
}

/** Mark dead (`POST /api/trees/{id}/health`, status dead): the cause is required. */
export function DeathForm({ tree, onDone }: { tree: Tree; onDone(): void }) {
  const t = useT(treeCareMessages);
  const tt = useT(treesMessages);
  const names = useTreeNames();
  const toastOutcome = useToastOutcome();
  const report = useReportHealth(tree.id, t('death.queue', { title: names.title(tree) }));
  const form = useContractForm<DeathValues>(
    healthRequestSchema,
    { status: 'dead', cause: undefined },
    { raw: true },
  );
  const { refusal, refuse, clear } = useRefusal(form, ['cause']);
  const submit = form.handleSubmit(async (values) => {
    clear();
    try {
      const body: HealthRequest = {
        status: 'dead',
        cause: values.cause as HealthRequest['cause'],
      };
      toastOutcome(await report.mutateAsync(body));
      onDone();
    } catch (error) {
      refuse(error);
    }
  });
  const cause = registerCause(form);
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('death.label', { title: names.title(tree) })}
      className="flex flex-col gap-4"
    >
      <p>{t('death.intro')}</p>
      <SelectField
        label={t('death.cause')}
        placeholder={t('death.placeholder')}
        options={DEATH_CAUSES.map((value) => ({ value, label: tt(`cause.${value}`) }))}
        {...cause}
        error={form.formState.errors.cause?.message}
      />
      <FormFooter
        refusal={refusal}
        busy={report.isPending}
        submitLabel={t('death.submit')}
        onCancel={onDone}
      />
    </form>
  );
}
