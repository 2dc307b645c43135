import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import {
  forestVisibilityBodySchema,
  HANDLE_LIMITS,
  SHARE_PATHS,
  type ForestVisibility,
  type ForestVisibilityBody,
} from '../../../../contract/forest-sharing';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { ShareButtons } from '../../../components/ui/share-buttons';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { rich, useT } from '../../../i18n/use-t';
import { useForestVisibility, useSetForestVisibility } from '../api';
import { sharingMessages } from '../messages';

interface HandleValues {
  public: boolean;
  handle: string;
}

function HandleForm({ current }: { current: ForestVisibility }) {
  const save = useSetForestVisibility();
  const t = useT(sharingMessages);
  const form = useContractForm<HandleValues, ForestVisibilityBody>(forestVisibilityBodySchema, {
    public: true,
    handle: current.handle ?? '',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      toast.success(answer.message ?? t('share.saved'));
    } catch (error) {
      const message = failureMessage(error, t('share.failed'));
      if (error instanceof ApiError && error.field === 'handle')
        form.setError('handle', { message }, { shouldFocus: true });
      toast.error(message);
    }
  });
  return (
    <form
      noValidate
      aria-label={t('share.formLabel')}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => void submit(event)}
    >
      <div className="sm:w-72">
        <TextField
          label={t('share.handle')}
          hint={t('share.handleHint', { min: HANDLE_LIMITS.min, max: HANDLE_LIMITS.max })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('handle')}
        />
      </div>
      <Button type="submit" className="sm:mt-7" busy={save.isPending} busyLabel={t('share.saving')}>
        {current.public ? t('share.saveAddress') : t('share.makePublic')}
      </Button>
    </form>
  );
}

/**
 * "Share your forest" on /app/my-forest: make the forest public at /forest/{handle} (and private
 * again), and once public its link with the share buttons.
 */
export function ShareForest() {
  const headingId = useId();
  const visibility = useForestVisibility();
  const save = useSetForestVisibility();
  const t = useT(sharingMessages);
  if (!visibility.data) return null;
  const current = visibility.data;
  const makePrivate = async () => {
    try {
      const answer = await save.mutateAsync({ public: false });
      toast.success(answer.message ?? t('share.saved'));
    } catch (error) {
      toast.error(failureMessage(error, t('share.privateFailed')));
    }
  };
  return (
    <section className={sectionCard} aria-labelledby={headingId} data-testid="share-forest">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={headingId} className="text-xl font-bold">
          {t('share.title')}
        </h2>
        {current.public && current.handle ? (
          <>
            <p>
              {rich(t('share.publicAt', { path: SHARE_PATHS.forest(current.handle) }), {
                link: (chunk) => (
                  <Link to={SHARE_PATHS.forest(current.handle ?? '')} className={textLink}>
                    {chunk}
                  </Link>
                ),
              })}
            </p>
            <ShareButtons
              url={SHARE_PATHS.forest(current.handle)}
              title={t('share.cardTitle')}
              text={t('share.cardText')}
              label={t('share.linkLabel')}
            />
            <HandleForm current={current} />
            <div>
              <Button
                variant="ghost"
                onClick={() => void makePrivate()}
                busy={save.isPending}
                busyLabel={t('share.saving')}
              >
                {t('share.makePrivate')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={mutedText}>{t('share.private')}</p>
            <HandleForm current={current} />
          </>
        )}
      </div>
    </section>
  );
}
