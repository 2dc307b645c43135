import {
  CARE_MESSAGES,
  DEATH_CAUSES,
  HEALTH_PHOTO_FIELD,
  healthRequestSchema,
  MEASUREMENT_LIMITS,
  type HealthForm,
  type HealthRequest,
} from '../../../../contract/tree-care';
import type { Tree } from '../../../../contract/trees';
import { SelectField, TextAreaField } from '../../../components/ui/form-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useReportHealth } from '../api';
import {} from '../format';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages, treesMessages } from '../messages';
import { FormFooter, registerCause, useRefusal } from './care-forms';
import {
  OptionalPhotoField,
  photoRefused,
  useOptionalPhoto,
  withOptionalPhoto,
} from './optional-photo';
import { useToastOutcome } from './field-outcome';
import { useTreeNames } from '../use-tree-names';

interface ProblemValues {
  status: 'needs-care';
  cause: string | undefined;
  note: string;
}

/**
 * Report that a tree needs care (`POST /api/trees/{id}/health`, status needs-care): what is
 * wrong, in a word and the reporter's own, and optionally a photo. The drive's organiser and the
 * tree's donors are told.
 */
export function ProblemForm({ tree, onDone }: { tree: Tree; onDone(): void }) {
  const t = useT(treeCareMessages);
  const tt = useT(treesMessages);
  const toastOutcome = useToastOutcome();
  // The choices of what is wrong: the causes, with "unknown" said as "something else".
  const problemOptions = DEATH_CAUSES.map((value) => ({
    value,
    label: value === 'unknown' ? t('problem.somethingElse') : tt(`cause.${value}`),
  }));
  const names = useTreeNames();
  const report = useReportHealth(tree.id, t('problem.queue', { title: names.title(tree) }));
  const form = useContractForm<ProblemValues, HealthForm>(healthRequestSchema, {
    status: 'needs-care',
    cause: undefined,
    note: '',
  });
  const { refusal, refuse, clear } = useRefusal(form, ['cause', 'note']);
  const photo = useOptionalPhoto();
  const submit = form.handleSubmit(async (values) => {
    clear();
    if (!values.cause) return form.setError('cause', { message: CARE_MESSAGES.problemRequired });
    try {
      const fields: HealthRequest = {
        status: 'needs-care',
        cause: values.cause as HealthRequest['cause'],
        ...(values.note ? { note: values.note } : {}),
      };
      toastOutcome(
        await report.mutateAsync(withOptionalPhoto(fields, photo.photo, HEALTH_PHOTO_FIELD)),
      );
      onDone();
    } catch (error) {
      if (!photoRefused(error, photo, HEALTH_PHOTO_FIELD)) refuse(error);
    }
  });
  const cause = registerCause(form);
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('problem.label', { title: names.title(tree) })}
      className="flex flex-col gap-4"
    >
      <p>{tree.driveId ? t('problem.introDrive') : t('problem.intro')}</p>
      <SelectField
        label={t('problem.what')}
        placeholder={t('problem.placeholder')}
        options={problemOptions}
        {...cause}
        error={form.formState.errors.cause?.message}
      />
      <TextAreaField
        label={t('problem.see')}
        rows={3}
        maxLength={MEASUREMENT_LIMITS.noteMax}
        hint={t('problem.seeHint')}
        {...form.field('note')}
      />
      <OptionalPhotoField
        state={photo}
        name={HEALTH_PHOTO_FIELD}
        purpose={t('problem.photoPurpose')}
        previewAlt={t('problem.photoAlt')}
        previewTestId="problem-photo-preview"
        disabled={report.isPending}
      />
      <FormFooter
        refusal={refusal}
        busy={report.isPending}
        submitLabel={t('problem.submit')}
        onCancel={onDone}
      />
    </form>
  );
}
