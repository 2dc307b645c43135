import { toast } from '../../../components/ui/toast';
import {
  TESTIMONIAL_MAX,
  testimonialRequestSchema,
  type MyTestimonial,
} from '../../../../contract/testimonials';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextAreaField } from '../../../components/ui/form-field';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useDeleteTestimonial, useMyTestimonial, useSaveTestimonial } from '../api';
import { failureMessage } from './profile-errors';
import { SaveButton, showRefusal } from './profile-form';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';

interface Values {
  quote: string;
  show: boolean;
}

function TestimonialFields({
  saved,
  headingId,
}: {
  saved: MyTestimonial | null;
  headingId: string;
}) {
  const form = useContractForm<Values, Values>(testimonialRequestSchema, {
    quote: saved?.quote ?? '',
    show: saved?.show ?? false,
  });
  const save = useSaveTestimonial();
  const remove = useDeleteTestimonial();
  const t = useT(profileMessages);

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: (response) => {
        form.reset({
          quote: response.data?.quote ?? values.quote,
          show: response.data?.show ?? false,
        });
        if (response.message) toast.success(response.message);
      },
      onError: (error) => showRefusal(form, ['quote'], error),
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
      data-testid="testimonial-form"
    >
      <TextAreaField
        label={t('testimonial.words')}
        maxLength={TESTIMONIAL_MAX}
        rows={4}
        hint={t('testimonial.wordsHint')}
        {...form.field('quote')}
      />
      <CheckboxField
        label={t('testimonial.show')}
        hint={t('testimonial.showHint')}
        {...form.field('show')}
      />
      <div className="flex flex-wrap gap-3">
        <SaveButton busy={save.isPending} busyLabel={t('testimonial.saving')}>
          {t('testimonial.save')}
        </SaveButton>
        {saved ? (
          <Button
            variant="ghost"
            busy={remove.isPending}
            busyLabel={t('testimonial.deleting')}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (response) => {
                  form.reset({ quote: '', show: false });
                  if (response.message) toast.success(response.message);
                },
                onError: (error) => toast.error(failureMessage(error)),
              })
            }
          >
            {t('testimonial.delete')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Settings → Profile: the member's own testimonial and their consent to show it on the landing
 * page (issue 23, docs/decisions/landing-page.md). Nothing is shown until they tick the box.
 */
export function TestimonialForm({ headingId }: { headingId: string }) {
  const mine = useMyTestimonial();
  const t = useT(profileMessages);
  if (mine.isPending) return <LoadingState label={t('testimonial.loading')} />;
  if (mine.isError)
    return (
      <LoadErrorCard
        message={failureMessage(mine.error, t('testimonial.failed'))}
        onRetry={() => void mine.refetch()}
      />
    );
  return <TestimonialFields saved={mine.data} headingId={headingId} />;
}
