import { useId } from 'react';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { CreateTokenForm } from './create-token-form';
import { TokenList } from './token-list';

/** Personal API tokens: create (the secret is shown once), list, revoke. */
export function ApiTokensPanel() {
  const id = useId();
  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4">
        <h2 id={`${id}-title`} className="card-title text-lg">
          Personal API tokens
        </h2>
        <p className={mutedText}>
          A token lets a script or another app read your Canopy data as you. Tokens are read-only:
          they work on GET requests under <code>/api</code> and are refused (403) on anything that
          changes data. Revoke a token you no longer use. Changing or resetting your password
          revokes every token.
        </p>
        <CreateTokenForm />
        <TokenList />
      </div>
    </section>
  );
}
