/* Documentation for people running Canopy: hosting and the API. */
import { buttonClass } from '../../../components/ui/button';
import { API_DOCS_PATH, COMMANDS, ENV_SETTINGS, LOCAL_ADDRESS } from '../content';
import { Code, CodeBlock } from './code-block';
import { H3, List, Note, P, Section } from './doc-prose';

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
