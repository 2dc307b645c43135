import { Link } from 'react-router';

const onGreenFocus =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="bg-base-100 px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl bg-green-800 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to put down roots?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-green-50 text-pretty">
          Join a drive this weekend, sponsor a sapling, or register the tree in your garden.
          Whatever you start with, we will help it grow.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/register"
            className={`inline-flex min-h-11 items-center justify-center rounded-full bg-white px-6 py-2.5 font-semibold text-green-900 shadow-sm transition-colors hover:bg-green-50 ${onGreenFocus}`}
          >
            Start Growing
          </Link>
          <Link
            to="/login"
            className={`inline-flex min-h-11 items-center justify-center rounded-full border-2 border-white/80 px-6 py-2 font-semibold text-white transition-colors hover:bg-white/10 ${onGreenFocus}`}
          >
            Sign In
          </Link>
        </div>
      </div>
    </section>
  );
}
