import { useId } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';

/** The API reference and a first request with a token, addressed to this very server. */
export function ApiAccessPanel() {
  const id = useId();
  const origin = window.location.origin;
  const example = `curl -H "Authorization: Bearer cnp_YOUR_TOKEN" \\\n  ${origin}/api/trees/registeredtree`;
  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4">
        <h2 id={`${id}-title`} className="card-title text-lg">
          Canopy API
        </h2>
        <p className={mutedText}>
          Every endpoint, with its parameters and answers, is described in the interactive API
          reference (OpenAPI). With a personal token you can call the read-only ones from anywhere,
          for example to list your registered trees:
        </p>
        <pre
          className="overflow-x-auto rounded-box bg-base-200 p-4 text-sm"
          aria-label="Example request with curl"
          tabIndex={0}
        >
          <code data-testid="curl-example">{example}</code>
        </pre>
        <div>
          <a className={buttonClass({ variant: 'secondary' })} href="/api/docs">
            Open the API reference
          </a>
        </div>
      </div>
    </section>
  );
}
