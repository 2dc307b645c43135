import { Link, useOutletContext } from 'react-router';
import { dashboardRouteFor, type CurrentUser } from '../../contract/auth';
import { mutedText, sectionCard, textLink } from '../components/ui/looks';
import { usePageTitle } from '../components/ui/page-title';

interface Feature {
  title: string;
  text: string;
  /** Where it lives; left out for what sits in the shell itself (the bell). */
  to?: string;
  /** What the link (or, without one, the pointer) says, e.g. "Open Plantations". */
  link: string;
  /** Leaves the app (API docs, public documentation): a plain link. */
  external?: boolean;
}

/** What Canopy does today, each item linking to where it lives. Only what works is listed. */
function featureGroups(user: CurrentUser): Array<{ title: string; items: Feature[] }> {
  const corporate = user.profileType === 'corporate';
  return [
    {
      title: 'Plant together',
      items: [
        {
          title: 'Plantations',
          text: 'Browse upcoming and past tree drives by country, dates and name, as a list or on a map. Each drive shows its local time with its time zone.',
          to: '/app/delive-event',
          link: 'Open Plantations',
        },
        {
          title: 'Join a drive',
          text: 'Join or leave a drive from its page; see the organiser, who takes part, and download it for your calendar (.ics).',
          to: '/app/delive-event',
          link: 'Find a drive to join',
        },
        ...(corporate
          ? [
              {
                title: 'Organise drives',
                text: 'Corporate accounts add, edit and cancel drives: place on the map, date, trees, sponsors, land donors and a photo. Participants are told about changes.',
                to: '/app/mydelive-event',
                link: 'Open My Plantations',
              },
            ]
          : []),
        {
          title: 'My Plantations',
          text: 'The drives you organise and the ones you joined, upcoming and past.',
          to: '/app/mydelive-event',
          link: 'Open My Plantations',
        },
        {
          title: 'Calendar and iCal feed',
          text: 'A month view of your drives, and a private feed address your calendar app can subscribe to (you can replace it at any time). A reminder arrives the day before a drive.',
          to: '/app/calendar',
          link: 'Open Calendar',
        },
      ],
    },
    {
      title: 'Donate',
      items: [
        {
          title: 'Donate trees or money',
          text: 'Give trees or cash to a drive or to the general fund and pay by card.',
          to: '/app/donate-tree',
          link: 'Donate',
        },
        {
          title: 'Transactions and receipts',
          text: 'Every donation with its status, and a PDF receipt for each paid one.',
          to: '/app/transactions',
          link: 'Open Transactions',
        },
        {
          title: 'Billing details',
          text: 'The name and address printed on your receipts.',
          to: '/app/settings-billing',
          link: 'Open Billing',
        },
      ],
    },
    {
      title: 'Your trees',
      items: [
        {
          title: 'Tree registration',
          text: 'Register the trees you planted: species, place on the map, count and a photo; register a replacement for one that died.',
          to: '/app/tree-registeration',
          link: 'Register a tree',
        },
        {
          title: 'My trees and care reminders',
          text: 'Your trees, the care due today (watering, checks) with reminders in your notifications, and replanting tasks for trees that died.',
          to: '/app/my-trees',
          link: 'Open My Trees',
        },
        {
          title: 'Growth and impact',
          text: 'On each tree’s page: measurements, a growth chart with a table, photos over time, its health, and the CO₂ it stores, always as a low–high range.',
          to: '/app/my-trees',
          link: 'Pick a tree in My Trees',
        },
        {
          title: 'How impact is estimated',
          text: 'The published method behind every CO₂ and oxygen figure.',
          to: '/documentation#impact-method',
          link: 'Read the impact method',
        },
        {
          title: 'Trees map',
          text: 'The community’s trees on a map (rounded positions for trees that are not yours).',
          to: '/app/trees-map',
          link: 'Open the trees map',
        },
      ],
    },
    {
      title: 'Your account and the community',
      items: [
        {
          title: 'Your dashboard',
          text: 'Figures for your kind of account: individual, corporate or partner nursery.',
          to: dashboardRouteFor(user.profileType),
          link: 'Open your dashboard',
        },
        {
          title: 'Community charts',
          text: 'Trees per month, species mix, CO₂ over time and drives per country, each with a table.',
          to: '/app/charts',
          link: 'Open Charts',
        },
        {
          title: 'Getting started',
          text: 'A checklist for your first steps, ticked off as you do them.',
          to: '/app/getting-started',
          link: 'Open Getting started',
        },
        {
          title: 'Integration and API tokens',
          text: 'Your iCal feed, exports of your trees and donations, and personal read-only API tokens.',
          to: '/app/integration',
          link: 'Open Integration',
        },
        {
          title: 'API documentation',
          text: 'Every endpoint of the API, generated from its schemas.',
          to: '/api/docs',
          link: 'Open the API docs',
          external: true,
        },
        {
          title: 'Profile and people search',
          text: 'Your name, photo, bio and location; find other members with the search box in the top bar and see their public drives and trees.',
          to: `/app/user-profile/${encodeURIComponent(user.id)}`,
          link: 'See your public profile',
        },
        ...(corporate
          ? [
              {
                title: 'Team',
                text: 'Invite colleagues to your corporate account.',
                to: '/app/settings-team',
                link: 'Open Team',
              },
            ]
          : []),
        {
          title: 'Notifications',
          text: 'Drive changes, reminders, care due and payments arrive in the bell at the top; mark them read one by one or all at once.',
          link: 'The bell in the top bar',
        },
      ],
    },
  ];
}

const slug = (title: string) => `features-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;

/** /app/features: what Canopy does today, each item linking to where it lives in the app. */
export default function AppFeatures() {
  usePageTitle('Features');
  const user = useOutletContext<CurrentUser>();
  return (
    <div className="flex flex-col gap-6">
      <p className={mutedText}>
        What Canopy does today. Each item leads to where it lives in the app.
      </p>
      {featureGroups(user).map((group) => (
        <section key={group.title} className={sectionCard} aria-labelledby={slug(group.title)}>
          <div className="card-body gap-4">
            <h2 id={slug(group.title)} className="card-title">
              {group.title}
            </h2>
            <ul className="grid gap-4 md:grid-cols-2" data-testid="feature-list">
              {group.items.map((item) => (
                <li
                  key={item.title}
                  className="flex flex-col gap-1 rounded-box border border-base-300 p-4"
                >
                  <h3 className="font-semibold">{item.title}</h3>
                  <p className={mutedText}>{item.text}</p>
                  {!item.to ? (
                    <p className="font-semibold">{item.link}</p>
                  ) : item.external ? (
                    <a className={`${textLink} self-start`} href={item.to}>
                      {item.link}
                    </a>
                  ) : (
                    <Link className={`${textLink} self-start`} to={item.to}>
                      {item.link}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
    </div>
  );
}
