import { type Locale } from '../../contract/languages';
import { commonMessages } from './common';
import { useLocale, useOfferedLanguages } from './locale';
import { useT } from './use-t';

/**
 * The avatar menu's language choice: one menuitemradio per shipped language, in a labelled group,
 * so the menu's arrow keys reach them like any item. Nothing while only one language is shipped.
 */
export function LanguageMenuItems({ onChange }: { onChange?: (locale: Locale) => void }) {
  const { locale, setLocale } = useLocale();
  const offered = useOfferedLanguages();
  const t = useT(commonMessages);
  if (offered.length < 2) return null;
  return (
    <li role="none" className="border-t border-base-300 pt-1">
      <ul role="group" aria-label={t('language.label')} className="menu-compact p-0">
        {offered.map((language) => (
          <li role="none" key={language.code}>
            <button
              type="button"
              role="menuitemradio"
              aria-checked={language.code === locale}
              lang={language.code}
              className="flex items-center justify-between"
              onClick={() => {
                setLocale(language.code);
                onChange?.(language.code);
              }}
            >
              <span>{language.name}</span>
              {language.code === locale ? <span aria-hidden="true">✓</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}
