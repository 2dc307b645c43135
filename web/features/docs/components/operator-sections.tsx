/* Documentation for people running Canopy: hosting and the API. */
import { buttonClass } from '../../../components/ui/button';
import { rich, useT } from '../../../i18n/use-t';
import {
  API_DOCS_PATH,
  COMMANDS,
  ENV_SETTINGS,
  LOCAL_ADDRESS,
  RESPONSE_SHAPE,
  type EnvSetting,
} from '../content';
import { docsTechnicalMessages } from '../messages';
import { Code, CodeBlock } from './code-block';
import { H3, List, Note, P, Section } from './doc-prose';

const code = { code: (text: string) => <Code>{text}</Code> };

export function SelfHosting() {
  const t = useT(docsTechnicalMessages);
  const fallback = ({ fallback }: EnvSetting) =>
    'code' in fallback ? fallback.code : t(fallback.words);
  return (
    <Section id="self-hosting">
      <P>{t('hosting.intro')}</P>
      <CodeBlock code={COMMANDS.start} />
      <P>{rich(t('hosting.defaults', { address: LOCAL_ADDRESS }), code)}</P>
      <H3>{t('hosting.postgres.title')}</H3>
      <P>{rich(t('hosting.postgres.text'), code)}</P>
      <CodeBlock code={COMMANDS.postgres} />
      <H3>{t('hosting.demo.title')}</H3>
      <P>{t('hosting.demo.text')}</P>
      <CodeBlock code={COMMANDS.seed} />
      <H3>{t('hosting.settings.title')}</H3>
      <P>{t('hosting.settings.intro')}</P>
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
              <span className="block">{t(setting.meaning)}</span>
              <span className="mt-1 block text-sm">
                {t('hosting.settings.default', { value: fallback(setting) })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <Note title={t('hosting.backups.title')}>{t('hosting.backups.text')}</Note>
    </Section>
  );
}

export function Api() {
  const t = useT(docsTechnicalMessages);
  return (
    <Section id="api">
      <P>{rich(t('api.intro'), code)}</P>
      <p className="mt-4">
        <a href={API_DOCS_PATH} className={buttonClass()}>
          {t('api.open')}
        </a>
      </p>
      <H3>{t('api.basics.title')}</H3>
      <List>
        <li>{rich(t('api.basics.signIn'), code)}</li>
        <li>{rich(t('api.basics.responses', { shape: RESPONSE_SHAPE }), code)}</li>
        <li>{rich(t('api.basics.paging'), code)}</li>
      </List>
      <P>{t('api.health')}</P>
      <CodeBlock code={COMMANDS.health} />
    </Section>
  );
}
