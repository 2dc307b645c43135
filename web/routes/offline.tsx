import { Link } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { mutedText } from '../components/ui/looks';
import { OFFLINE_SAVING } from '../lib/outbox/use-outbox';
import { useOnline } from '../lib/use-online';

const FOOTER = {
  about: 'Canopy is open-source software for community tree planting.',
  groups: [
    {
      heading: 'Canopy',
      links: [
        { label: 'Home', href: '/' },
        { label: 'Your dashboard', href: '/app/dashboard' },
      ],
    },
  ],
};

/** /offline: what Canopy does without a connection, and how to keep it on the phone. */
export default function OfflinePage() {
  const online = useOnline();
  return (
    <PublicLayout header={{ links: [{ label: 'Home', href: '/' }] }} footer={FOOTER}>
      <title>Canopy without a connection</title>
      <article className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight">Canopy without a connection</h1>
          <p className={mutedText} role="status">
            {online ? 'You are online now.' : 'You are offline now. Everything below still works.'}
          </p>
        </header>
        <section aria-labelledby="offline-works" className="flex flex-col gap-2">
          <h2 id="offline-works" className="text-xl font-bold">
            What works offline
          </h2>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              Canopy opens without a connection once you have used it on this device, from its
              address or from the icon on your home screen.
            </li>
            <li>
              Your trees, your forest and the drives you opened, as this phone last saved them (kept
              for a week; the time they were saved is shown), with their photos and the map tiles
              you looked at.
            </li>
            <li>
              {OFFLINE_SAVING} They upload in the order you saved them when you are back online; see{' '}
              <Link to="/app/upload-queue" className="link">
                Waiting to upload
              </Link>
              . Nothing is saved twice.
            </li>
            <li>A half-filled tree registration is kept as a draft when you close the app.</li>
            <li>Your theme and your signed-in session on this device.</li>
          </ul>
        </section>
        <section aria-labelledby="offline-needs" className="flex flex-col gap-2">
          <h2 id="offline-needs" className="text-xl font-bold">
            What needs a connection
          </h2>
          <ul className="list-disc space-y-1 pl-6">
            <li>Signing in and creating an account.</li>
            <li>Trees, drives and figures this phone has not opened yet.</li>
            <li>Donations, editing a tree, and changes to your account and your drives.</li>
          </ul>
        </section>
        <section aria-labelledby="offline-install" className="flex flex-col gap-2">
          <h2 id="offline-install" className="text-xl font-bold">
            Keep Canopy on your phone
          </h2>
          <p>
            In your browser&apos;s menu choose <strong>Install app</strong> or{' '}
            <strong>Add to Home screen</strong>. Canopy then opens like an app, full screen, and
            tells you when a new version is ready (&ldquo;Reload to update&rdquo;).
          </p>
        </section>
        <p>
          <Link to="/app/dashboard" className="link font-semibold">
            Go to your dashboard
          </Link>
        </p>
      </article>
    </PublicLayout>
  );
}
