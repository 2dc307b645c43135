/** Only paths inside the app are followed; anything else (another site, "//host") is ignored. */
export const isInAppPath = (link: string | null): link is string =>
  link !== null && /^\/app(\/|$)/.test(link) && !link.includes('\\');
