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
import { CAUSE_LABELS, treeTitle } from '../format';
import { FormFooter, registerCause, useRefusal } from './care-forms';
import {
  OptionalPhotoField,
  photoRefused,
  useOptionalPhoto,
  withOptionalPhoto,
} from './optional-photo';
import { toastOutcome } from './field-outcome';

interface ProblemValues {
  status: 'needs-care';
  cause: string | undefined;
  note: string;
}

/** The choices of what is wrong: the causes, with "unknown" said as "something else". */
const PROBLEM_OPTIONS = DEATH_CAUSES.map((value) => ({
  value,
  label: value === 'unknown' ? 'Something else' : CAUSE_LABELS[value],
}));

/**
 * Report that a tree needs care (`POST /api/trees/{id}/health`, status needs-care): what is
 * wrong, in a word and the reporter's own, and optionally a photo. The drive's organiser and the
 * tree's donors are told.
 */
export function ProblemForm({ tree, onDone }: { tree: Tree; onDone(): void }) {
  const report = useReportHealth(tree.id, `Problem with ${treeTitle(tree)}`);
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
      aria-label={`Report a problem with ${treeTitle(tree)}`}
      className="flex flex-col gap-4"
    >
      <p>
        Say what is wrong. The tree shows as needing care until you report it healthy again, and
        {tree.driveId ? ' the drive’s organiser and ' : ' '}anyone whose gift it carries will hear.
      </p>
      <SelectField
        label="What is wrong?"
        placeholder="Choose one"
        options={PROBLEM_OPTIONS}
        {...cause}
        error={form.formState.errors.cause?.message}
      />
      <TextAreaField
        label="What do you see? (optional)"
        rows={3}
        maxLength={MEASUREMENT_LIMITS.noteMax}
        hint="For example: leaves curling, bark stripped on one side."
        {...form.field('note')}
      />
      <OptionalPhotoField
        state={photo}
        name={HEALTH_PHOTO_FIELD}
        purpose="A photo of the problem helps whoever comes to help."
        previewAlt="Preview of the chosen photo of the problem"
        previewTestId="problem-photo-preview"
        disabled={report.isPending}
      />
      <FormFooter
        refusal={refusal}
        busy={report.isPending}
        submitLabel="Report the problem"
        onCancel={onDone}
      />
    </form>
  );
}
