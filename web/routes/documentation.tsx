import { useEffect } from 'react';
import { PublicLayout } from '../components/ui/public-layout';
import { accentText } from '../components/ui/looks';
import { DocSections } from '../features/docs/components/doc-sections';
import { DocsToc } from '../features/docs/components/docs-toc';
import { DOC_SECTION_IDS } from '../features/docs/content';
import { docsMessages } from '../features/docs/messages';
import { useT } from '../i18n/use-t';

/** This screen loads lazily, after the browser has tried to honour a #section in the address. */
function useScrollToHashOnArrival() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}

/** /documentation: how Canopy works, for members and for people running their own copy. */
export default function DocumentationPage() {
  useScrollToHashOnArrival();
  const t = useT(docsMessages);
  return (
    <PublicLayout
      header={{
        links: [{ label: t('page.home'), href: '/' }],
        actions: ['signIn'],
        badge: <span className="badge badge-outline hidden sm:inline-flex">{t('page.badge')}</span>,
      }}
      footer={{
        about: t('page.about'),
        groups: [
          {
            heading: 'Canopy',
            links: [
              { label: t('page.home'), href: '/' },
              { label: t('page.createAccount'), href: '/register' },
              { label: t('page.apiReference'), href: '/api/docs', plain: true },
            ],
          },
        ],
      }}
    >
      <title>{t('page.title')}</title>
      <div className="mx-auto max-w-6xl px-4 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <div className="sticky top-16 z-20 -mx-4 border-b border-base-300 bg-base-100 px-4 py-3 lg:mx-0 lg:max-h-[calc(100vh-4rem)] lg:self-start lg:overflow-y-auto lg:border-b-0 lg:px-0 lg:py-8">
          <DocsToc sections={DOC_SECTION_IDS} />
        </div>

        <div className="min-w-0 py-8 lg:py-10">
          <div className="mb-10 max-w-3xl">
            <p className={`font-semibold ${accentText}`}>{t('page.eyebrow')}</p>
            <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
              {t('page.heading')}
            </h1>
            <p className="mt-4 text-lg leading-relaxed">{t('page.lead')}</p>
          </div>
          <div className="max-w-3xl">
            <DocSections />
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
