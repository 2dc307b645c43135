/** A message catalogue compiled by scripts/i18n/vite-plugin.ts: each key a formatting function. */
declare module '*.json?messages' {
  const catalogue: Record<string, (values?: Record<string, unknown>) => string>;
  export default catalogue;
}
