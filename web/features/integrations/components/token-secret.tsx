import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { mutedText } from '../../../components/ui/looks';

/** The new token's secret, shown this once (the modal clears it when it closes). */
export function TokenSecret({
  name,
  secret,
  onDone,
}: {
  name: string;
  secret: string;
  onDone: () => void;
}) {
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-4">
      <p>
        Your token <strong>{name}</strong> is ready. It can read your data through the API (GET
        requests only) and cannot change anything.
      </p>
      <div role="alert" className="alert alert-warning" id={`${id}-warning`}>
        <span>
          Copy it now and keep it somewhere safe, such as a password manager. This is the only time
          Canopy shows it: we store only a fingerprint of it. If you lose it, revoke it and create a
          new one.
        </span>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-secret`} className="text-sm font-semibold">
          API token
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-secret`}
            ref={fieldRef}
            type="text"
            readOnly
            className="input w-full font-mono text-sm"
            value={secret}
            aria-describedby={`${id}-warning`}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="token-secret"
            autoComplete="off"
            spellCheck={false}
          />
          <CopyButton text={secret} fieldRef={fieldRef} name="API token" noun="token" />
        </div>
      </div>
      <p className={`text-sm ${mutedText}`}>
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>I have copied it</Button>
      </div>
    </div>
  );
}
