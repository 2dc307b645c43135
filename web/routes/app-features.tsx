import { Link, useOutletContext } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';
import { mutedText, sectionCard, textLink } from '../components/ui/looks';
import { usePageTitle } from '../components/ui/page-title';
import { uiKitMessages } from '../features/ui-kit/messages';
import { useT } from '../i18n/use-t';

/** A feature's words are `features.<id>.title`, `.text` and `.link` in the ui-kit namespace. */
type FeatureId =
  | 'plantations'
  | 'join'
  | 'organise'
  | 'myPlantations'
  | 'calendar'
  | 'donate'
  | 'transactions'
  | 'billing'
  | 'registration'
  | 'myTrees'
  | 'growth'
  | 'method'
  | 'treesMap'
  | 'dashboard'
  | 'charts'
  | 'gettingStarted'
  | 'integration'
  | 'apiDocs'
  | 'profile'
  | 'team'
  | 'notifications';

interface Feature {
  id: FeatureId;
  /** Where it lives; left out for what sits in the shell itself (the bell). */
  to?: string;
  /** Leaves the app (API docs, public documentation): a plain link. */
  external?: boolean;
}

type GroupId = 'plant-together' | 'donate' | 'your-trees' | 'your-account-and-the-community';

/** What Canopy does today, each item linking to where it lives. Only what works is listed. */
function featureGroups(user: CurrentUser): Array<{ id: GroupId; items: Feature[] }> {
  const corporate = user.profileType === 'corporate';
  return [
    {
      id: 'plant-together',
      items: [
        { id: 'plantations', to: '/app/delive-event' },
        { id: 'join', to: '/app/delive-event' },
        ...(corporate ? [{ id: 'organise', to: '/app/mydelive-event' } as const] : []),
        { id: 'myPlantations', to: '/app/mydelive-event' },
        { id: 'calendar', to: '/app/calendar' },
      ],
    },
    {
      id: 'donate',
      items: [
        { id: 'donate', to: '/app/donate-tree' },
        { id: 'transactions', to: '/app/transactions' },
        { id: 'billing', to: '/app/settings-billing' },
      ],
    },
    {
      id: 'your-trees',
      items: [
        { id: 'registration', to: '/app/tree-registeration' },
        { id: 'myTrees', to: '/app/my-trees' },
        { id: 'growth', to: '/app/my-trees' },
        { id: 'method', to: '/documentation#impact-method' },
        { id: 'treesMap', to: '/app/trees-map' },
      ],
    },
    {
      id: 'your-account-and-the-community',
      items: [
        { id: 'dashboard', to: dashboardRouteFor(user.profileType) },
        { id: 'charts', to: '/app/charts' },
        { id: 'gettingStarted', to: '/app/getting-started' },
        { id: 'integration', to: '/app/integration' },
        { id: 'apiDocs', to: '/api/docs', external: true },
        { id: 'profile', to: `/app/user-profile/${encodeURIComponent(user.id)}` },
        ...(corporate ? [{ id: 'team', to: '/app/settings-team' } as const] : []),
        { id: 'notifications' },
      ],
    },
  ];
}

/** /app/features: what Canopy does today, each item linking to where it lives in the app. */
export default function AppFeatures() {
  const t = useT(uiKitMessages);
  usePageTitle(t('features.title'));
  const user = useOutletContext<CurrentUser>();
  return (
    <div className="flex flex-col gap-6">
      <p className={mutedText}>{t('features.intro')}</p>
      {featureGroups(user).map((group) => (
        <section key={group.id} className={sectionCard} aria-labelledby={`features-${group.id}`}>
          <div className="card-body gap-4">
            <h2 id={`features-${group.id}`} className="card-title">
              {t(`features.group.${group.id}`)}
            </h2>
            <ul className="grid gap-4 md:grid-cols-2" data-testid="feature-list">
              {group.items.map((item) => {
                const link = t(`features.${item.id}.link`);
                return (
                  <li
                    key={item.id}
                    className="flex flex-col gap-1 rounded-box border border-base-300 p-4"
                  >
                    <h3 className="font-semibold">{t(`features.${item.id}.title`)}</h3>
                    <p className={mutedText}>{t(`features.${item.id}.text`)}</p>
                    {!item.to ? (
                      <p className="font-semibold">{link}</p>
                    ) : item.external ? (
                      <a className={`${textLink} self-start`} href={item.to}>
                        {link}
                      </a>
                    ) : (
                      <Link className={`${textLink} self-start`} to={item.to}>
                        {link}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      ))}
    </div>
  );
}
