import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n/use-t';
import { useSubscribeNewsletter } from '../api';
import { landingMessages } from '../messages';

type Feedback = { kind: 'success' | 'error'; text: string } | null;

/** Footer sign-up: the browser checks the address, the server answers with the message to show. */
export function NewsletterForm() {
  const t = useT(landingMessages);
  const inputId = useId();
  const hintId = useId();
  const [email, setEmail] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const subscribe = useSubscribeNewsletter();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (subscribe.isPending) return;
    setFeedback(null);
    subscribe.mutate(
      { email: email.trim() },
      {
        onSuccess: (response) => {
          setFeedback({ kind: 'success', text: response.message });
          setEmail('');
        },
        onError: (error) => {
          setFeedback({
            kind: 'error',
            text: error.message || t('newsletter.failed'),
          });
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-2"
      aria-label={t('newsletter.label')}
      data-testid="newsletter-form"
    >
      <label htmlFor={inputId} className="font-semibold text-neutral-content">
        {t('newsletter.email')}
      </label>
      <p id={hintId} className="text-sm text-neutral-content/80">
        {t('newsletter.hint')}
      </p>
      <div className="mt-1 flex flex-col gap-2 min-[400px]:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          placeholder={t('newsletter.placeholder')}
          aria-describedby={hintId}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="input w-full min-w-0 bg-base-100 text-base-content min-[400px]:flex-1"
        />
        <Button
          type="submit"
          className="shrink-0 focus-visible:outline-neutral-content"
          busy={subscribe.isPending}
          busyLabel={t('newsletter.subscribing')}
        >
          {t('newsletter.subscribe')}
        </Button>
      </div>
      <p
        role="status"
        className="min-h-5 text-sm font-medium text-green-300"
        data-testid="newsletter-status"
      >
        {feedback?.kind === 'success' ? feedback.text : ''}
      </p>
      <p role="alert" className="text-sm font-medium text-red-300" data-testid="newsletter-error">
        {feedback?.kind === 'error' ? feedback.text : ''}
      </p>
    </form>
  );
}
