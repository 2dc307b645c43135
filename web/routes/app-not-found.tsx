import { useOutletContext } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';
import { ButtonLink } from '../components/ui/button';
import { usePageTitle } from '../components/ui/page-title';
import { shellMessages } from '../app/messages';
import { useT } from '../i18n/use-t';
import { uiMessages } from '../components/ui/messages';

/** /app/404 and any unknown /app/* path: a friendly page inside the shell. */
export default function AppNotFound() {
  const t = useT(shellMessages);
  const tu = useT(uiMessages);
  usePageTitle(t('notFound.title'));
  const user = useOutletContext<CurrentUser>();
  return (
    <section className="card bg-base-100 shadow max-w-xl mx-auto">
      <div className="card-body items-center text-center">
        <h2 className="card-title text-2xl">{t('notFound.heading')}</h2>
        <p>{t('notFound.body')}</p>
        <ButtonLink to={dashboardRouteFor(user.profileType)}>{tu('nav.goToDashboard')}</ButtonLink>
      </div>
    </section>
  );
}
