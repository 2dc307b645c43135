/* Documentation for members: what Canopy is, account types, drives, donations, trees. */
import { Link } from 'react-router';
import { DONATION_CATEGORIES, DRIVE_DURATIONS, TREE_SPECIES } from '../../../../contract/options';
import { rich, useT } from '../../../i18n/use-t';
import { ACCOUNT_TYPES } from '../content';
import { docsMessages, type DocsKey } from '../messages';
import { CareScheduleList } from './care-schedule';
import { H3, linkClass, List, P, Section } from './doc-prose';

const bold = { b: (text: string) => <strong>{text}</strong> };

/** The donation categories' names on this page (the stored values stay as they are). */
const CATEGORY_NAMES: Record<(typeof DONATION_CATEGORIES)[number]['value'], DocsKey> = {
  Trees: 'donations.category.trees',
  Land: 'donations.category.land',
  Design: 'donations.category.design',
  'Planting-Ops': 'donations.category.planting',
  Media: 'donations.category.media',
  Govt: 'donations.category.govt',
  'Institution/Research': 'donations.category.research',
};

export function Introduction() {
  const t = useT(docsMessages);
  return (
    <Section id="introduction">
      <P>{t('intro.what')}</P>
      <P>{t('intro.canDo')}</P>
      <List>
        <li>{rich(t('intro.plant'), bold)}</li>
        <li>{rich(t('intro.donate'), bold)}</li>
        <li>{rich(t('intro.join'), bold)}</li>
        <li>{rich(t('intro.impact'), bold)}</li>
      </List>
      <P>
        {rich(t('intro.openSource'), {
          section: (text) => (
            <a href="#self-hosting" className={linkClass}>
              {text}
            </a>
          ),
          home: (text) => (
            <Link to="/" className={linkClass}>
              {text}
            </Link>
          ),
        })}
      </P>
    </Section>
  );
}

export function AccountTypes() {
  const t = useT(docsMessages);
  return (
    <Section id="account-types">
      <P>{t('accounts.intro')}</P>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {ACCOUNT_TYPES.map((type) => (
          <article key={type.name} className="rounded-box border border-base-300 bg-base-100 p-5">
            <h3 className="text-lg font-semibold">{t(type.name)}</h3>
            <p className="mt-2 leading-relaxed">{t(type.summary)}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm leading-relaxed">
              {type.canDo.map((item) => (
                <li key={item}>{t(item)}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <P>{t('accounts.verify')}</P>
    </Section>
  );
}

export function TreeDrives() {
  const t = useT(docsMessages);
  return (
    <Section id="tree-drives">
      <P>{t('drives.intro')}</P>
      <H3>{t('drives.create.title')}</H3>
      <P>{rich(t('drives.create.intro'), { em: (text) => <em>{text}</em> })}</P>
      <List>
        <li>{t('drives.create.name')}</li>
        <li>{t('drives.create.place')}</li>
        <li>{t('drives.create.sizes')}</li>
        <li>{t('drives.create.sponsors')}</li>
        <li>{t('drives.create.duration', { hours: DRIVE_DURATIONS.length })}</li>
      </List>
      <P>{t('drives.create.required')}</P>
      <P>{t('drives.create.time')}</P>
      <H3>{t('drives.join.title')}</H3>
      <List ordered>
        <li>{t('drives.join.open')}</li>
        <li>{t('drives.join.read')}</li>
        <li>{t('drives.join.join')}</li>
      </List>
      <P>{t('drives.hours')}</P>
    </Section>
  );
}

export function Donations() {
  const t = useT(docsMessages);
  return (
    <Section id="donations">
      <P>{t('donations.intro')}</P>
      <List>
        <li>{rich(t('donations.what'), bold)}</li>
        <li>{rich(t('donations.where'), bold)}</li>
        <li>{rich(t('donations.category'), bold)}</li>
      </List>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('donations.categories')}>
        {DONATION_CATEGORIES.map((category) => (
          <li key={category.value} className="badge badge-outline badge-lg">
            {t(CATEGORY_NAMES[category.value])}
          </li>
        ))}
      </ul>
      <H3>{t('donations.card.title')}</H3>
      <P>{t('donations.card.text')}</P>
    </Section>
  );
}

export function Trees() {
  const t = useT(docsMessages);
  return (
    <Section id="trees">
      <P>{t('trees.intro', { count: TREE_SPECIES.length })}</P>
      <H3>{t('trees.growth.title')}</H3>
      <P>{t('trees.growth.text')}</P>
      <H3>{t('trees.health.title')}</H3>
      <P>{t('trees.health.text')}</P>
      <H3>{t('trees.care.title')}</H3>
      <P>{t('trees.care.intro')}</P>
      <CareScheduleList />
      <P>{t('trees.care.due')}</P>
    </Section>
  );
}
