import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
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
import { useForestVisibility, useSetForestVisibility } from '../api';

interface HandleValues {
  public: boolean;
  handle: string;
}

function HandleForm({ current }: { current: ForestVisibility }) {
  const save = useSetForestVisibility();
  const form = useContractForm<HandleValues, ForestVisibilityBody>(forestVisibilityBodySchema, {
    public: true,
    handle: current.handle ?? '',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      toast.success(answer.message ?? 'Saved.');
    } catch (error) {
      const message = failureMessage(error, 'Your forest could not be shared just now.');
      if (error instanceof ApiError && error.field === 'handle')
        form.setError('handle', { message }, { shouldFocus: true });
      toast.error(message);
    }
  });
  return (
    <form
      noValidate
      aria-label="Public forest address"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => void submit(event)}
    >
      <div className="sm:w-72">
        <TextField
          label="Your forest's address"
          hint={`${HANDLE_LIMITS.min} to ${HANDLE_LIMITS.max} lower-case letters, digits or single hyphens; your page will be at /forest/your-handle.`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('handle')}
        />
      </div>
      <Button type="submit" className="sm:mt-7" busy={save.isPending} busyLabel="Saving…">
        {current.public ? 'Save address' : 'Make my forest public'}
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
  if (!visibility.data) return null;
  const current = visibility.data;
  const makePrivate = async () => {
    try {
      const answer = await save.mutateAsync({ public: false });
      toast.success(answer.message ?? 'Saved.');
    } catch (error) {
      toast.error(failureMessage(error, 'Your forest could not be made private just now.'));
    }
  };
  return (
    <section className={sectionCard} aria-labelledby={headingId} data-testid="share-forest">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={headingId} className="text-xl font-bold">
          Share your forest
        </h2>
        {current.public && current.handle ? (
          <>
            <p>
              Your forest is public at{' '}
              <Link to={SHARE_PATHS.forest(current.handle)} className={textLink}>
                {SHARE_PATHS.forest(current.handle)}
              </Link>
              . It shows your counts, species, places to about 100 m and photos — never exact
              positions or your email.
            </p>
            <ShareButtons
              url={SHARE_PATHS.forest(current.handle)}
              title="My forest on Canopy"
              text="See the trees I am growing with Canopy."
              label="Share the link"
            />
            <HandleForm current={current} />
            <div>
              <Button
                variant="ghost"
                onClick={() => void makePrivate()}
                busy={save.isPending}
                busyLabel="Saving…"
              >
                Make my forest private
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={mutedText}>
              Your forest is private. Make it public to share a page with your tree counts, species,
              places rounded to about 100 m and photos. Exact positions and your email stay private.
            </p>
            <HandleForm current={current} />
          </>
        )}
      </div>
    </section>
  );
}
