import { toast } from 'sonner';
import { Button } from '../components/ui/button';
import { CalendarEventList } from '../components/ui/calendar-event-list';
import { useModal } from '../components/ui/modal';
import { usePageTitle } from '../components/ui/page-title';
import { useRightDrawer } from '../components/ui/right-drawer';
import { ThemeToggle } from '../components/ui/theme-toggle';
import { mutedText, sectionCard } from '../components/ui/looks';
import { KitPanel } from '../features/ui-kit/kit-panel';

/** The app-wide overlays (one each in the shell): modal, confirmation, right drawer, toasts. */
function Overlays() {
  const modal = useModal();
  const drawer = useRightDrawer();
  return (
    <section className={sectionCard} aria-labelledby="kit-overlays">
      <div className="card-body gap-3">
        <h2 id="kit-overlays" className="card-title">
          Overlays and the theme
        </h2>
        <p className={mutedText}>
          One of each lives in the app shell; Escape closes the modal and the drawer, and focus
          returns to the button that opened them.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              modal.open({
                title: 'Example modal',
                body: (close) => (
                  <div className="flex flex-col gap-3">
                    <p>The app's modal holds forms such as the tree drive form.</p>
                    <Button onClick={close}>Close the example</Button>
                  </div>
                ),
              })
            }
          >
            Open a modal
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void modal
                .confirm({ title: 'Confirm', message: 'Does the confirmation look right?' })
                .then((yes) => toast.info(yes ? 'You pressed Yes.' : 'You cancelled.'))
            }
          >
            Ask for confirmation
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              const inOneHour = new Date(Date.now() + 3_600_000);
              drawer.open({
                header: 'Example drawer',
                body: (
                  <CalendarEventList
                    events={[
                      {
                        title: 'Example drive',
                        theme: 'GREEN',
                        startTime: inOneHour,
                        endTime: new Date(inOneHour.getTime() + 7_200_000),
                        timeZone: 'Asia/Kolkata',
                      },
                    ]}
                  />
                ),
              });
            }}
          >
            Open the right drawer
          </Button>
          <Button variant="secondary" onClick={() => toast.success('A success toast.')}>
            Success toast
          </Button>
          <Button variant="secondary" onClick={() => toast.error('An error toast.')}>
            Error toast
          </Button>
          <span className="flex items-center gap-1">
            <ThemeToggle />
            <span className={mutedText}>Theme toggle</span>
          </span>
        </div>
      </div>
    </section>
  );
}

/** /app/components: the living UI kit, every shared component in its states, light and dark. */
export default function AppComponents() {
  usePageTitle('UI components');
  return (
    <div className="flex flex-col gap-6" id="ui-kit-top">
      <p className={mutedText}>
        The shared components of web/components/ui as the app uses them, side by side in the light
        and the dark theme.
      </p>
      <Overlays />
      <div className="grid gap-6 xl:grid-cols-2">
        <KitPanel theme="canopy" title="Light theme" />
        <KitPanel theme="canopy-dark" title="Dark theme" />
      </div>
    </div>
  );
}
