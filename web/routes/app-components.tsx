import { toast } from '../components/ui/toast';
import { Button } from '../components/ui/button';
import { CalendarEventList } from '../components/ui/calendar-event-list';
import { useModal } from '../components/ui/modal';
import { usePageTitle } from '../components/ui/page-title';
import { useRightDrawer } from '../components/ui/right-drawer';
import { ThemeToggle } from '../components/ui/theme-toggle';
import { mutedText, sectionCard } from '../components/ui/looks';
import { KitPanel } from '../features/ui-kit/kit-panel';
import { uiKitMessages } from '../features/ui-kit/messages';
import { useT } from '../i18n/use-t';

/** The app-wide overlays (one each in the shell): modal, confirmation, right drawer, toasts. */
function Overlays() {
  const t = useT(uiKitMessages);
  const modal = useModal();
  const drawer = useRightDrawer();
  return (
    <section className={sectionCard} aria-labelledby="kit-overlays">
      <div className="card-body gap-3">
        <h2 id="kit-overlays" className="card-title">
          {t('overlays.title')}
        </h2>
        <p className={mutedText}>{t('overlays.intro')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onClick={() =>
              modal.open({
                title: t('overlays.modalTitle'),
                body: (close) => (
                  <div className="flex flex-col gap-3">
                    <p>{t('overlays.modalText')}</p>
                    <Button onClick={close}>{t('overlays.modalClose')}</Button>
                  </div>
                ),
              })
            }
          >
            {t('overlays.openModal')}
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              void modal
                .confirm({ title: t('overlays.confirmTitle'), message: t('overlays.confirmText') })
                .then((yes) => toast.info(t(yes ? 'overlays.confirmed' : 'overlays.cancelled')))
            }
          >
            {t('overlays.askConfirm')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              const inOneHour = new Date(Date.now() + 3_600_000);
              drawer.open({
                header: t('overlays.drawerTitle'),
                body: (
                  <CalendarEventList
                    events={[
                      {
                        title: t('overlays.drawerDrive'),
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
            {t('overlays.openDrawer')}
          </Button>
          <Button variant="secondary" onClick={() => toast.success(t('overlays.successToast'))}>
            {t('overlays.success')}
          </Button>
          <Button variant="secondary" onClick={() => toast.error(t('overlays.errorToast'))}>
            {t('overlays.error')}
          </Button>
          <span className="flex items-center gap-1">
            <ThemeToggle />
            <span className={mutedText}>{t('overlays.themeToggle')}</span>
          </span>
        </div>
      </div>
    </section>
  );
}

/** /app/components: the living UI kit, every shared component in its states, light and dark. */
export default function AppComponents() {
  const t = useT(uiKitMessages);
  usePageTitle(t('page.title'));
  return (
    <div className="flex flex-col gap-6" id="ui-kit-top">
      <p className={mutedText}>{t('page.intro')}</p>
      <Overlays />
      <div className="grid gap-6 xl:grid-cols-2">
        <KitPanel theme="canopy" title={t('page.light')} />
        <KitPanel theme="canopy-dark" title={t('page.dark')} />
      </div>
    </div>
  );
}
