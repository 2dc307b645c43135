/* Documentation for the curious and for people running Canopy: impact method, hosting, API. */
import { buttonClass } from '../../../components/ui/button';
import { estimateTreeCo2Kg, O2_PER_CO2, speciesByValue } from '../../../../contract/options';
import { API_DOCS_PATH, COMMANDS, ENV_SETTINGS, LOCAL_ADDRESS } from '../content';
import { Code, CodeBlock } from './code-block';
import { H3, List, Note, P, Section } from './doc-prose';

export function ImpactEstimates() {
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

export function SelfHosting() {
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

export function Api() {
  return (
    <Section id="api">
      <P>
        Everything the app does goes through a JSON API under <Code>/api</Code>, so you can build
        your own tools on top of Canopy. The full, interactive reference — every endpoint with its
        fields and responses — is generated from the server's own schemas:
      </P>
      <p className="mt-4">
        <a href={API_DOCS_PATH} className={buttonClass()}>
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
