/* Documentation for members: what Canopy is, account types, drives, donations, trees. */
import { Link } from 'react-router';
import { DONATION_CATEGORIES, DRIVE_DURATIONS, TREE_SPECIES } from '../../../../contract/options';
import { ACCOUNT_TYPES } from '../content';
import { CareScheduleList } from './care-schedule';
import { H3, linkClass, List, P, Section } from './doc-prose';

export function Introduction() {
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

export function AccountTypes() {
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

export function TreeDrives() {
  return (
    <Section id="tree-drives">
      <P>
        A tree drive is a planting event: a place, a date, a number of trees and the people who come
        to plant them. Drives are organised by Corporate/Institution accounts; anyone with an
        account can join one.
      </P>
      <H3>Creating a drive</H3>
      <P>
        From the dashboard, Plantations or My Plantations, a corporate account presses{' '}
        <em>Add Tree Drive</em> and fills in:
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
      <P>
        The date and time are the local time at the drive's place: Canopy works out the time zone of
        the spot you choose on the map (until then the form uses your own zone, and choosing the
        spot keeps the time you typed). A new drive starts at the next full hour. Everyone then sees
        the drive in that local time with its zone named, for example “Sat, 5 Dec 2026, 09:00
        (Asia/Kolkata, GMT+5:30)”. Once saved, the confirmation links straight to the drive.
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

export function Donations() {
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

export function Trees() {
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
        Add a measurement whenever you visit — height and trunk diameter, and a photo if you like.
        Canopy keeps each one, so the tree’s page shows it growing against the species’ typical
        curve, with a photo timeline.
      </P>
      <H3>Health</H3>
      <P>
        Mark how the tree is doing and note what you did for it: watering, mulching, pruning,
        protecting it from animals. If something is wrong (pests, drought, disease, grazing), report
        a problem from the tree's page, in a word and your own, with a photo if you can: the drive's
        organiser and anyone whose gift the tree carries hear of it, and the tree shows as needing
        care until you report it healthy again. If a tree dies, mark it so; it then stops counting
        towards impact estimates, which keeps the community's totals honest.
      </P>
      <H3>Care reminders</H3>
      <P>
        Young trees need regular attention, especially through their first dry season. Canopy works
        out what is due from each tree’s age, counting from the last time you logged that care, or
        else from the later of its planting date and the day you registered it (a tree recorded
        weeks after planting owes nothing from before it was registered):
      </P>
      <CareScheduleList />
      <P>
        What is due shows at the top of My Trees with a one-click Done, and you get a notice when
        something falls due. If a tree dies, a replanting task leads you to register its
        replacement.
      </P>
    </Section>
  );
}
