import { useState } from 'react';
import { Icon } from './icon';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

/** A tree's or a drive's photo, or a leafy placeholder when it has none or the photo fails to load. */
export function Photo({
  src,
  alt,
  placeholderLabel,
  testId,
  className = '',
  priority = false,
}: {
  src: string;
  alt: string;
  placeholderLabel?: string;
  /** The photo's test id; its placeholder's is `${testId}-fallback`. */
  testId?: string;
  className?: string;
  /** The page's main picture (first on screen, its largest paint): fetched at once, not lazily. */
  priority?: boolean;
}) {
  const t = useT(uiMessages);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc)
    return (
      <img
        src={src}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={`object-cover ${className}`}
        onError={() => setFailedSrc(src)}
        data-testid={testId}
      />
    );
  return (
    <div
      role="img"
      aria-label={placeholderLabel ?? t('photo.none')}
      className={`flex items-center justify-center bg-gradient-to-br from-green-700/20 to-green-700/5 text-green-800 dark:text-green-300 ${className}`}
      data-testid={testId && `${testId}-fallback`}
    >
      <Icon className="h-12 w-12" strokeWidth={1.5}>
        <path d="M12 22V12" />
        <path d="M12 12c0-4 3-7 8-7 0 5-3 7-8 7z" />
        <path d="M12 15c0-3-2.5-5-7-5 0 4 2.5 5 7 5z" />
      </Icon>
    </div>
  );
}
