import { useId } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useT } from '../../../i18n/use-t';
import { integrationsMessages } from '../messages';

/** The API reference and a first request with a token, addressed to this very server. */
export function ApiAccessPanel() {
  const id = useId();
  const t = useT(integrationsMessages);
  const origin = window.location.origin;
  const example = `curl -H "Authorization: Bearer cnp_YOUR_TOKEN" \\\n  ${origin}/api/trees/registeredtree`;
  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4">
        <h2 id={`${id}-title`} className="card-title text-lg">
          {t('api.heading')}
        </h2>
        <p className={mutedText}>{t('api.intro')}</p>
        <pre
          className="overflow-x-auto rounded-box bg-base-200 p-4 text-sm"
          aria-label={t('api.example')}
          tabIndex={0}
        >
          <code data-testid="curl-example">{example}</code>
        </pre>
        <div>
          <a className={buttonClass({ variant: 'secondary' })} href="/api/docs">
            {t('api.reference')}
          </a>
        </div>
      </div>
    </section>
  );
}
