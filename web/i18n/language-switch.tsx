import { useId } from 'react';
import { type Locale } from '../../contract/languages';
import { commonMessages } from './common';
import { useLocale, useOfferedLanguages } from './locale';
import { useT } from './use-t';

/**
 * The language switch (landing header, avatar menu): a labelled native select, so keys and
 * screen readers work as everywhere. Shows only when more than one language is shipped.
 * `onChange` also gets the choice (the avatar menu saves it on the member's account).
 */
export function LanguageSwitch({
  className = '',
  onChange,
}: {
  className?: string;
  onChange?: (locale: Locale) => void;
}) {
  const { locale, setLocale } = useLocale();
  const offered = useOfferedLanguages();
  const t = useT(commonMessages);
  const id = useId();
  if (offered.length < 2) return null;
  return (
    <span className={`flex items-center gap-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="select select-ghost select-sm w-auto"
        value={locale}
        onChange={(event) => {
          const next = event.target.value as Locale;
          setLocale(next);
          onChange?.(next);
        }}
        data-testid="language-switch"
      >
        {offered.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </span>
  );
}
