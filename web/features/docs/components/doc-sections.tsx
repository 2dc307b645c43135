import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DONATION_CATEGORIES,
  DRIVE_DURATIONS,
  estimateTreeCo2Kg,
  O2_PER_CO2,
  speciesByValue,
  TREE_SPECIES,
} from '../../../../contract/options';
import {
  ACCOUNT_TYPES,
  API_DOCS_PATH,
  COMMANDS,
  DOC_SECTIONS,
  ENV_SETTINGS,
  LOCAL_ADDRESS,
  type DocSection,
} from '../content';
import { Code, CodeBlock } from './code-block';

function sectionTitle(id: string): string {
  const section = DOC_SECTIONS.find((s: DocSection) => s.id === id);
  if (!section) throw new Error(`Unknown documentation section ${id}`);
  return section.title;
}

/** One documentation section: an anchor target that clears the sticky header. */
function Section({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section
      id={id}
      className="scroll-mt-32 border-b border-base-300 py-10 first:pt-0 last:border-b-0 lg:scroll-mt-24"
    >
      <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{sectionTitle(id)}</h2>
      {children}
    </section>
  );
}

function P({ children }: { children: ReactNode }) {
  return <p className="mt-4 leading-relaxed">{children}</p>;
}

function H3({ children }: { children: ReactNode }) {
  return <h3 className="mt-8 text-lg font-semibold">{children}</h3>;
}

function List({ children, ordered = false }: { children: ReactNode; ordered?: boolean }) {
  const className = `mt-4 space-y-2 pl-6 leading-relaxed ${ordered ? 'list-decimal' : 'list-disc'}`;
  return ordered ? (
    <ol className={className}>{children}</ol>
  ) : (
    <ul className={className}>{children}</ul>
  );
}

function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="note"
      className="mt-6 rounded-box border border-base-300 border-l-4 border-l-success bg-base-200 p-4 leading-relaxed"
    >
      <p className="font-semibold">{title}</p>
      <div className="mt-1">{children}</div>
    </div>
  );
}

const linkClass = 'link font-medium';

function Introduction() {
  return (
    <Section id="introduction">
      <P>
        Canopy is a community app for planting trees and looking after them for years afterwards. It
        brings together the people who plant, the organisations that run planting days, the
        nurseries that grow saplings and the donors who pay for them — and shows everyone the
        difference their trees make.
      </P>
      <P>With a Canopy account you can:</P>
      <List>
        <li>
          <strong>Plant, nurture and track trees</strong> — register each tree you plant, record how
          it grows and how healthy it is, and get reminders when it needs care.
        </li>
        <li>
          <strong>Donate trees or cash</strong> — give saplings or money to a tree drive or to the
          community, paid safely by card.
        </li>
        <li>
          <strong>Join tree drives</strong> — find planting events near you, sign up, and keep every
          drive you took part in under My Plantations.
        </li>
        <li>
          <strong>See your impact</strong> — trees planted, volunteer hours and an estimate of the
          CO₂ your trees have taken up and the oxygen they have given back.
        </li>
      </List>
      <P>
        Canopy is open source: a community, school or company can run its own copy (see{' '}
        <a href="#self-hosting" className={linkClass}>
          Self-hosting
        </a>
        ). The{' '}
        <Link to="/" className={linkClass}>
          home page
        </Link>{' '}
        shows what the community has achieved so far.
      </P>
    </Section>
  );
}

function AccountTypes() {
  return (
    <Section id="account-types">
      <P>
        You choose an account type when you register. It decides which dashboard you land on after
        signing in and what you can organise.
      </P>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {ACCOUNT_TYPES.map((type) => (
          <article key={type.name} className="rounded-box border border-base-300 bg-base-100 p-5">
            <h3 className="text-lg font-semibold">{type.name}</h3>
            <p className="mt-2 leading-relaxed">{type.summary}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm leading-relaxed">
              {type.canDo.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <P>
        New accounts confirm their email address with a six-digit code before they can sign in. The
        code is valid for ten minutes; you can ask for a new one from the verification screen.
      </P>
    </Section>
  );
}

function TreeDrives() {
  return (
    <Section id="tree-drives">
      <P>
        A tree drive is a planting event: a place, a date, a number of trees and the people who come
        to plant them. Drives are organised by Corporate/Institution accounts; anyone with an
        account can join one.
      </P>
      <H3>Creating a drive</H3>
      <P>
        From Plantations, a corporate account opens <em>Add new tree drive</em> and fills in:
      </P>
      <List>
        <li>the drive name, the number of trees and the date and time (in 30-minute steps);</li>
        <li>
          the country and the exact spot — search for an address or click the map to drop a pin;
        </li>
        <li>
          the tree sizes — packet saplings (2 to 4 ft) or potted ones (5 to 7 ft) — and the tree
          types;
        </li>
        <li>sponsors, who donated the land, and a short description;</li>
        <li>
          how long the drive lasts (one to {DRIVE_DURATIONS.length} hours), and one photo for the
          drive's page.
        </li>
      </List>
      <P>
        Name, number of trees, date, country, location, photo, at least one tree size and at least
        one tree type are required; the form tells you what is missing.
      </P>
      <H3>Joining a drive</H3>
      <List ordered>
        <li>Open Plantations to see upcoming drives and their place on the map.</li>
        <li>
          Open a drive to read its details: who organises it, what will be planted, how long it
          lasts.
        </li>
        <li>Join it. The drive then appears under My Plantations, with its date and location.</li>
      </List>
      <P>
        After a drive, its duration counts towards the volunteer hours of the organiser and of every
        participant.
      </P>
    </Section>
  );
}

function Donations() {
  return (
    <Section id="donations">
      <P>
        Donations pay for what a drive needs — saplings, land, people and tools. Open Donate Tree,
        then choose:
      </P>
      <List>
        <li>
          <strong>what you give</strong>: trees (a number of saplings) or cash (an amount);
        </li>
        <li>
          <strong>where it goes</strong>: a particular tree drive, or the community in general;
        </li>
        <li>
          <strong>a category</strong>, so organisers know what it is for, and an optional note.
        </li>
      </List>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Donation categories">
        {DONATION_CATEGORIES.map((category) => (
          <li key={category.value} className="badge badge-outline badge-lg">
            {category.label}
          </li>
        ))}
      </ul>
      <H3>Paying by card</H3>
      <P>
        Payment happens on the card provider's secure checkout page (Stripe Checkout); Canopy never
        sees or stores your card number. When the payment succeeds you come back to a confirmation
        page; if you cancel, nothing is charged and you can try again later. A donation counts in
        the totals only once the payment has succeeded.
      </P>
    </Section>
  );
}

function Trees() {
  return (
    <Section id="trees">
      <P>
        A tree you register is yours to follow for years. Open Tree Registration and record the
        species (Canopy lists {TREE_SPECIES.length} species by their local and English names, from
        neem and mango to tamarind and black pepper), its size when planted, the planting date,
        where it stands on the map and, if you like, a nickname. If you planted it at a drive, link
        it to that drive.
      </P>
      <H3>Growth</H3>
      <P>
        Add a measurement whenever you visit — height and trunk girth are enough. Canopy keeps each
        one, so you can see the tree grow over the seasons.
      </P>
      <H3>Health</H3>
      <P>
        Mark how the tree is doing and note what you did for it: watering, mulching, pruning,
        protecting it from animals. If a tree dies, mark it so; it then stops counting towards
        impact estimates, which keeps the community's totals honest.
      </P>
      <H3>Care reminders</H3>
      <P>
        Young trees need regular attention, especially through their first dry season. Set reminders
        for watering and check-ups and Canopy will notify you when they are due.
      </P>
    </Section>
  );
}

function ImpactEstimates() {
  const neem = speciesByValue(1);
  const co2 = estimateTreeCo2Kg(1, 5);
  const o2 = co2 * O2_PER_CO2;
  const kg = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 1 });
  return (
    <Section id="impact-estimates">
      <P>
        Canopy shows how much CO₂ your trees have taken out of the air and how much oxygen they have
        released. Nobody weighs the trees: these figures are <strong>estimates</strong> calculated
        from published growth figures for each species, not measurements.
      </P>
      <H3>How the estimate is made</H3>
      <List ordered>
        <li>
          Every species has two figures: how many kilograms of CO₂ a healthy mature tree takes up in
          a year, and how many years it takes to reach mature size.
        </li>
        <li>
          A young tree takes up less. Canopy assumes the yearly amount rises steadily from zero at
          planting to the mature amount, then stays there.
        </li>
        <li>
          Adding that up from the planting date to today gives the CO₂ taken up so far. Trees marked
          as dead are left out.
        </li>
        <li>
          Oxygen follows from the chemistry of photosynthesis: for every 44 kg of CO₂ fixed, a tree
          releases 32 kg of O₂ (about {Math.round(O2_PER_CO2 * 100)}% of the CO₂ figure).
        </li>
      </List>
      {neem && (
        <Note title="Example">
          A {neem.englishName.toLowerCase()} tree takes up about {neem.co2KgPerYearMature} kg of CO₂
          a year once mature, after about {neem.yearsToMaturity} years. Five years after planting,
          Canopy estimates it has taken up about {kg(co2)} kg of CO₂ and released about {kg(o2)} kg
          of O₂.
        </Note>
      )}
      <H3>Where the figures come from</H3>
      <P>
        The yearly amounts start from the widely used average of about 22 kg of CO₂ a year for a
        mature tree (Arbor Day Foundation, USDA Forest Service i-Tree), scaled for each species by
        its size and wood density (Global Wood Density Database, Zanne et al. 2009) following the
        allometric model of Chave et al. (2014). Years to maturity are forestry and horticulture
        rules of thumb.
      </P>
      <P>
        Real trees grow faster or slower with soil, rain and care, so treat the numbers as a fair
        indication of the good your trees do. They are not suitable for carbon accounting or offset
        certificates.
      </P>
    </Section>
  );
}

function SelfHosting() {
  return (
    <Section id="self-hosting">
      <P>
        Canopy is one Node.js program that serves both the app and its API. You need Node.js 20 or
        newer. In a copy of the source code, run:
      </P>
      <CodeBlock code={COMMANDS.start} />
      <P>
        This builds the web app and starts Canopy on <Code>{LOCAL_ADDRESS}</Code>. With no settings
        at all it stores everything in an SQLite database in <Code>./data</Code>, prints outgoing
        emails to the log and takes card payments in a built-in test mode, so you can try every
        screen without any accounts elsewhere.
      </P>
      <H3>Using PostgreSQL</H3>
      <P>
        For a larger community, point <Code>DATABASE_URL</Code> at a PostgreSQL database; Canopy
        creates its tables on start.
      </P>
      <CodeBlock code={COMMANDS.postgres} />
      <H3>Demo data</H3>
      <P>To fill a fresh installation with sample drives, trees and donations, run:</P>
      <CodeBlock code={COMMANDS.seed} />
      <H3>Settings</H3>
      <P>Every setting is an environment variable with a working default:</P>
      <dl className="mt-4 divide-y divide-base-300 rounded-box border border-base-300">
        {ENV_SETTINGS.map((setting) => (
          <div
            key={setting.names.join()}
            className="grid gap-1 p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-4"
          >
            <dt className="flex flex-wrap content-start gap-1.5">
              {setting.names.map((name) => (
                <Code key={name}>{name}</Code>
              ))}
            </dt>
            <dd className="leading-relaxed">
              <span className="block">{setting.meaning}</span>
              <span className="mt-1 block text-sm">Default: {setting.fallback}</span>
            </dd>
          </div>
        ))}
      </dl>
      <Note title="Back-ups">
        With SQLite, everything lives in the data directory: back it up and you have backed up
        Canopy. With PostgreSQL, back up the database and the data directory (it holds uploaded
        photos and the session secret).
      </Note>
    </Section>
  );
}

function Api() {
  return (
    <Section id="api">
      <P>
        Everything the app does goes through a JSON API under <Code>/api</Code>, so you can build
        your own tools on top of Canopy. The full, interactive reference — every endpoint with its
        fields and responses — is generated from the server's own schemas:
      </P>
      <p className="mt-4">
        <a href={API_DOCS_PATH} className="btn btn-neutral">
          Open the API reference
        </a>
      </p>
      <H3>The basics</H3>
      <List>
        <li>
          Sign in with <Code>POST /api/users/login</Code>; send the token you get back in the{' '}
          <Code>x-auth-token</Code> header (<Code>Authorization: Bearer</Code> works too).
        </li>
        <li>
          Responses look like <Code>{'{ "success": true, "message": "…", "data": … }'}</Code>;
          errors carry a clear message and a stable <Code>code</Code>.
        </li>
        <li>
          Lists are paginated with <Code>page</Code> and <Code>limit</Code> (at most 100 per page).
        </li>
      </List>
      <P>Check that a server is up:</P>
      <CodeBlock code={COMMANDS.health} />
    </Section>
  );
}

/** All documentation sections, in table-of-contents order. */
export function DocSections() {
  return (
    <>
      <Introduction />
      <AccountTypes />
      <TreeDrives />
      <Donations />
      <Trees />
      <ImpactEstimates />
      <SelfHosting />
      <Api />
    </>
  );
}
