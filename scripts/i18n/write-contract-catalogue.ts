import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, SOURCE_LOCALE } from '../../contract/languages';
import { LOCALES_DIR, messageFile } from '../../server/lib/i18n';
import { contractMessages } from './contract-messages';

/*
 * `npm run i18n:contract`: rewrites locales/en/contract.json from the code's messages (each
 * English text its own key) and drops from the other languages what the code no longer says.
 */
async function main() {
  const messages = await contractMessages();
  const write = (locale: string, catalogue: Record<string, string>) =>
    fs.writeFileSync(
      path.join(LOCALES_DIR, locale, 'contract.json'),
      `${JSON.stringify(catalogue, null, 2)}\n`,
    );
  write(SOURCE_LOCALE, Object.fromEntries(messages.map((text) => [text, text])));
  for (const { code } of LANGUAGES) {
    if (code === SOURCE_LOCALE) continue;
    const before = messageFile(code, 'contract');
    write(
      code,
      Object.fromEntries(messages.filter((m) => m in before).map((m) => [m, before[m]!])),
    );
    const missing = messages.filter((m) => !(m in before)).length;
    console.log(`${code}: ${messages.length - missing} of ${messages.length} translated`);
  }
}

await main();
