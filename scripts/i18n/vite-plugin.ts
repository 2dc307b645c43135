import fs from 'node:fs';
import path from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';

/** `import en from '…/locales/en/landing.json?messages'`: the catalogue compiled to functions. */
const QUERY = '?messages';
// The compiled module's id must not end in .json, or Vite's JSON plugin would parse the code.
const PREFIX = '\0canopy-messages:';

/**
 * Compiles ICU message files (locales/<lang>/<namespace>.json) into ES modules of functions at
 * build time (issue 26), so the browser ships no message parser: a message becomes
 * `(d) => "Hi " + d.name`, plurals and numbers call @messageformat/runtime's few hundred bytes,
 * which format through Intl in the file's language.
 */
export function icuMessages(): Plugin {
  return {
    name: 'canopy-icu-messages',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, {
        skipSelf: true,
      });
      return resolved ? PREFIX + resolved.id.replace(/\.json$/, '') : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = `${id.slice(PREFIX.length)}.json`;
      this.addWatchFile(file);
      return compileCatalogue(path.basename(path.dirname(file)), fs.readFileSync(file, 'utf8'));
    },
  };
}

/** The ES module source for one catalogue (a flat object of ICU messages) in `locale`. */
export function compileCatalogue(locale: string, json: string): string {
  const messages = JSON.parse(json) as Record<string, string>;
  return compileModule(new MessageFormat(locale), messages);
}
