import { useId } from 'react';
import { toast } from './toast';
import { Button, buttonClass } from './button';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

/** Share pages of the big networks: plain links, no script of theirs on our pages. */
export function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
  ] as const;
}

/** An address made absolute against this page's origin. */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).toString();

/**
 * Sharing a page: copy its link, the browser's own share sheet where it has one (Web Share API),
 * and plain links to X, Facebook, LinkedIn and WhatsApp (opened in a new tab; no third-party
 * scripts). `url` may be a path of this site.
 */
export function ShareButtons({
  url,
  title,
  text,
  label,
}: {
  url: string;
  /** The page's title, for the share sheet. */
  title: string;
  /** A line to go with the link. */
  text: string;
  /** The group's name for assistive technology. */
  label?: string;
}) {
  const t = useT(uiMessages);
  const headingId = useId();
  const href = absoluteUrl(url);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      toast.success(t('share.copied'));
    } catch {
      toast.info(t('share.copyThis', { href }));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, text, url: href });
    } catch (err) {
      // Closing the share sheet is not a failure.
      if ((err as { name?: string }).name !== 'AbortError') void copy();
    }
  };
  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <span id={headingId} className="text-sm font-semibold">
        {label ?? t('share.label')}
      </span>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {t('share.copyLink')}
        </Button>
        {canShare ? (
          <Button size="sm" variant="secondary" onClick={() => void share()}>
            {t('share.sheet')}
          </Button>
        ) : null}
        {shareLinks(href, text).map((link) => (
          <a
            key={link.name}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            aria-label={t('share.on', { network: link.name })}
          >
            {link.name}
          </a>
        ))}
      </div>
    </div>
  );
}
