import { useId } from 'react';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { CreateTokenForm } from './create-token-form';
import { TokenList } from './token-list';
import { rich, useT } from '../../../i18n/use-t';
import { integrationsMessages } from '../messages';

/** Personal API tokens: create (the secret is shown once), list, revoke. */
export function ApiTokensPanel() {
  const id = useId();
  const t = useT(integrationsMessages);
  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4">
        <h2 id={`${id}-title`} className="card-title text-lg">
          {t('tokens.heading')}
        </h2>
        <p className={mutedText}>
          {rich(t('tokens.intro'), { code: (text) => <code>{text}</code> })}
        </p>
        <CreateTokenForm />
        <TokenList />
      </div>
    </section>
  );
}
