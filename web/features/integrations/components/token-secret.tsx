import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { mutedText } from '../../../components/ui/looks';
import { rich, useT } from '../../../i18n/use-t';
import { integrationsMessages } from '../messages';

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
  const t = useT(integrationsMessages);
  return (
    <div className="flex flex-col gap-4">
      <p>{rich(t('secret.ready', { name }), { strong: (text) => <strong>{text}</strong> })}</p>
      <div role="alert" className="alert alert-warning" id={`${id}-warning`}>
        <span>{t('secret.warning')}</span>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-secret`} className="text-sm font-semibold">
          {t('secret.label')}
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
          <CopyButton
            text={secret}
            fieldRef={fieldRef}
            name={t('secret.label')}
            noun={t('secret.noun')}
          />
        </div>
      </div>
      <p className={`text-sm ${mutedText}`}>
        {rich(t('secret.send'), { code: (text) => <code>{text}</code> })}
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('secret.done')}</Button>
      </div>
    </div>
  );
}
