import { useEffect } from 'react';
import { PublicLayout } from '../components/ui/public-layout';
import { accentText } from '../components/ui/looks';
import { DocSections } from '../features/docs/components/doc-sections';
import { DocsToc } from '../features/docs/components/docs-toc';
import { DOC_SECTIONS } from '../features/docs/content';

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
  return (
    <PublicLayout
      header={{
        links: [{ label: 'Home', href: '/' }],
        actions: ['signIn'],
        badge: <span className="badge badge-outline hidden sm:inline-flex">Docs</span>,
      }}
      footer={{
        about: 'Canopy is open-source software for community tree planting.',
        groups: [
          {
            heading: 'Canopy',
            links: [
              { label: 'Home', href: '/' },
              { label: 'Create an account', href: '/register' },
              { label: 'API reference', href: '/api/docs', plain: true },
            ],
          },
        ],
      }}
    >
      <title>Documentation · Canopy</title>
      <div className="mx-auto max-w-6xl px-4 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <div className="sticky top-16 z-20 -mx-4 border-b border-base-300 bg-base-100 px-4 py-3 lg:mx-0 lg:max-h-[calc(100vh-4rem)] lg:self-start lg:overflow-y-auto lg:border-b-0 lg:px-0 lg:py-8">
          <DocsToc sections={DOC_SECTIONS} />
        </div>

        <div className="min-w-0 py-8 lg:py-10">
          <div className="mb-10 max-w-3xl">
            <p className={`font-semibold ${accentText}`}>Canopy documentation</p>
            <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
              Plant, nurture and track trees together
            </h1>
            <p className="mt-4 text-lg leading-relaxed">
              Everything you need to take part in Canopy — or to run it for your own community:
              accounts, tree drives, donations, caring for your trees, how impact is estimated,
              hosting and the API.
            </p>
          </div>
          <div className="max-w-3xl">
            <DocSections />
          </div>
        </div>
      </div>
    </PublicLayout>
  );
}
