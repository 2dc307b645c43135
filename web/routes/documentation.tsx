import { useEffect } from 'react';
import { Link } from 'react-router';
import { Logo } from '../components/ui/logo';
import { ThemeToggle } from '../components/ui/theme-toggle';
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
    <div className="min-h-screen bg-base-100 text-base-content">
      <title>Documentation · Canopy</title>
      <a
        href="#docs-content"
        className="btn fixed top-3 left-3 z-50 -translate-y-24 rounded-full border-green-700 bg-green-700 text-white focus:translate-y-0"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 h-16 border-b border-base-300 bg-base-100">
        <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-4 sm:gap-3">
          <Logo />
          <span className="badge badge-outline hidden sm:inline-flex">Docs</span>
          <nav aria-label="Site" className="ml-auto">
            <ul className="flex items-center gap-1">
              <li>
                <Link to="/" className="btn btn-ghost btn-sm">
                  Home
                </Link>
              </li>
              <li>
                <Link
                  to="/login"
                  className="btn btn-sm rounded-full border-green-700 bg-green-700 text-white hover:border-green-800 hover:bg-green-800"
                >
                  Sign In
                </Link>
              </li>
            </ul>
          </nav>
          <ThemeToggle />
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <div className="sticky top-16 z-20 -mx-4 border-b border-base-300 bg-base-100 px-4 py-3 lg:mx-0 lg:max-h-[calc(100vh-4rem)] lg:self-start lg:overflow-y-auto lg:border-b-0 lg:px-0 lg:py-8">
          <DocsToc sections={DOC_SECTIONS} />
        </div>

        <main id="docs-content" tabIndex={-1} className="min-w-0 py-8 focus:outline-none lg:py-10">
          <div className="mb-10 max-w-3xl">
            <p className="font-semibold text-green-800 in-data-[theme=dark]:text-green-300">
              Canopy documentation
            </p>
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
        </main>
      </div>

      <footer className="border-t border-base-300 bg-base-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>Canopy is open-source software for community tree planting.</p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              <li>
                <Link to="/" className="link">
                  Home
                </Link>
              </li>
              <li>
                <Link to="/register" className="link">
                  Create an account
                </Link>
              </li>
              <li>
                <a href="/api/docs" className="link">
                  API reference
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
