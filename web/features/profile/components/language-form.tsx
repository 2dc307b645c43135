import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { type Locale } from '../../../../contract/languages';
import { Button } from '../../../components/ui/button';
import { commonMessages } from '../../../i18n/common';
import { useLocale, useOfferedLanguages } from '../../../i18n/locale';
import { useSaveLocale } from '../../../i18n/use-save-locale';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';
import { failureMessage } from './profile-errors';

/** Settings → Profile: the member's language for the app, their mails and documents (issue 26). */
export function LanguageForm({ saved, headingId }: { saved: string | null; headingId: string }) {
  const t = useT(profileMessages);
  const common = useT(commonMessages);
  const { setLocale } = useLocale();
  const offered = useOfferedLanguages();
  const [value, setValue] = useState(saved ?? '');
  const save = useSaveLocale();
  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const locale = (value || null) as Locale | null;
        save.mutate(locale, {
          onSuccess: (response) => {
            if (locale) setLocale(locale);
            toast.success(response.message);
          },
          onError: (error) => toast.error(failureMessage(error)),
        });
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        {common('language.label')}
        <select
          className="select"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          data-testid="profile-language"
        >
          <option value="">{t('language.browser')}</option>
          {offered.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" busy={save.isPending} busyLabel={t('language.saving')}>
        {t('language.save')}
      </Button>
    </form>
  );
}
