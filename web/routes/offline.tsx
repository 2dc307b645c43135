import { Link } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { mutedText } from '../components/ui/looks';
import { useOnline } from '../lib/use-online';
import { rich, useT } from '../i18n/use-t';
import { offlineMessages } from '../features/trees/offline-messages';

/** /offline: what Canopy does without a connection, and how to keep it on the phone. */
export default function OfflinePage() {
  const online = useOnline();
  const t = useT(offlineMessages);
  const footer = {
    about: t('footer.about'),
    groups: [
      {
        heading: 'Canopy',
        links: [
          { label: t('footer.home'), href: '/' },
          { label: t('footer.dashboard'), href: '/app/dashboard' },
        ],
      },
    ],
  };
  return (
    <PublicLayout header={{ links: [{ label: t('footer.home'), href: '/' }] }} footer={footer}>
      <title>{t('page.title')}</title>
      <article className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight">{t('page.title')}</h1>
          <p className={mutedText} role="status">
            {online ? t('page.online') : t('page.offline')}
          </p>
        </header>
        <section aria-labelledby="offline-works" className="flex flex-col gap-2">
          <h2 id="offline-works" className="text-xl font-bold">
            {t('works.heading')}
          </h2>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t('works.opens')}</li>
            <li>{t('works.saved')}</li>
            <li>
              {rich(t('works.queue'), {
                link: (text) => (
                  <Link to="/app/upload-queue" className="link">
                    {text}
                  </Link>
                ),
              })}
            </li>
            <li>{t('works.draft')}</li>
            <li>{t('works.theme')}</li>
          </ul>
        </section>
        <section aria-labelledby="offline-needs" className="flex flex-col gap-2">
          <h2 id="offline-needs" className="text-xl font-bold">
            {t('needs.heading')}
          </h2>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t('needs.signIn')}</li>
            <li>{t('needs.unopened')}</li>
            <li>{t('needs.changes')}</li>
          </ul>
        </section>
        <section aria-labelledby="offline-install" className="flex flex-col gap-2">
          <h2 id="offline-install" className="text-xl font-bold">
            {t('install.heading')}
          </h2>
          <p>{rich(t('install.body'), { strong: (text) => <strong>{text}</strong> })}</p>
        </section>
        <p>
          <Link to="/app/dashboard" className="link font-semibold">
            {t('page.dashboard')}
          </Link>
        </p>
      </article>
    </PublicLayout>
  );
}
