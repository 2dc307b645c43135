import { useId } from 'react';
import { Link } from 'react-router';
import { mutedText, sectionCard, textLink } from '../components/ui/looks';
import { usePageTitle } from '../components/ui/page-title';
import { icons } from '../app/shell/icons';
import { DEVELOPER_ITEMS, HELP_ITEMS, type HelpItem } from '../app/shell/nav';
import { shellMessages } from '../app/messages';
import { docsMessages } from '../features/docs/messages';
import { useT } from '../i18n/use-t';

function HelpList({ items, testId }: { items: readonly HelpItem[]; testId: string }) {
  const t = useT(shellMessages);
  return (
    <ul className="grid gap-4 md:grid-cols-2" data-testid={testId}>
      {items.map((item) => (
        <li key={item.to} className="flex gap-3 rounded-box border border-base-300 p-4">
          <span className="mt-0.5 shrink-0 text-base-content/80">{icons[item.icon]}</span>
          <div className="flex min-w-0 flex-col gap-1">
            <Link to={item.to} className={`${textLink} self-start`}>
              {t(item.label)}
            </Link>
            <p className={mutedText}>{t(item.about)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * /app/help: what the sidebar's one Help entry opens (issue 23). Getting started, features, the
 * community's charts, the documentation and integration for members; the UI components showcase
 * in a section of its own for developers, off the members' navigation.
 */
export default function AppHelp() {
  const t = useT(docsMessages);
  usePageTitle(t('help.title'));
  const guidesId = useId();
  const developersId = useId();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <section className={sectionCard} aria-labelledby={guidesId}>
        <div className="card-body gap-4">
          <h2 id={guidesId} className="card-title">
            {t('help.guides')}
          </h2>
          <HelpList items={HELP_ITEMS} testId="help-list" />
        </div>
      </section>
      <section className={sectionCard} aria-labelledby={developersId}>
        <div className="card-body gap-4">
          <h2 id={developersId} className="card-title">
            {t('help.developers')}
          </h2>
          <p className={mutedText}>{t('help.developersText')}</p>
          <HelpList items={DEVELOPER_ITEMS} testId="developer-list" />
        </div>
      </section>
    </div>
  );
}
