import type { ShareMeta } from './forest-sharing.service';
import { escapeHtml } from '../../lib/html';

/**
 * The app page with a page's link-preview tags (Open Graph, Twitter card) and title: the tags go
 * before `</head>`, every value escaped; the page's own description and title give way.
 */
export function withShareMeta(html: string, meta: ShareMeta): string {
  const tag = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    tag('name', 'description', meta.description),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', 'Canopy'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', meta.image),
    tag('property', 'og:image:type', 'image/png'),
    tag('property', 'og:image:width', '1200'),
    tag('property', 'og:image:height', '630'),
    tag('property', 'og:image:alt', meta.imageAlt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image),
    tag('name', 'twitter:image:alt', meta.imageAlt),
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
  ].join('\n    ');
  const withoutOwn = html
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(meta.title)}</title>`);
  return withoutOwn.includes('</head>')
    ? withoutOwn.replace('</head>', () => `    ${tags}\n  </head>`)
    : `${tags}\n${withoutOwn}`;
}
