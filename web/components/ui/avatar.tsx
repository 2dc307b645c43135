import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { uiMessages } from './messages';

export const DEFAULT_AVATAR_SRC = '/default-avatar.svg';

export interface AvatarProps {
  /** Image address; empty shows the neutral fallback (spec: a fallback image is used when empty). */
  src: string | null | undefined;
  /** Whose avatar it is, for the alt text. */
  name: string;
  /** Width and height in CSS pixels. */
  size?: number;
  className?: string;
  /** Set when the name is already written next to the image, so screen readers do not hear it twice. */
  decorative?: boolean;
}

/** A round profile picture that falls back to a silhouette when there is none or it fails to load. */
export function Avatar({ src, name, size = 40, className = '', decorative = false }: AvatarProps) {
  const t = useT(uiMessages);
  // Remembers which address failed, so a new address gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : DEFAULT_AVATAR_SRC;
  return (
    <img
      src={usable}
      alt={decorative ? '' : t('avatar.alt', { name })}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`inline-block shrink-0 rounded-full bg-base-300 object-cover ${className}`}
      style={{ width: size, height: size }}
      onError={() => {
        if (src && usable === src) setFailedSrc(src);
      }}
      data-testid="avatar"
    />
  );
}
