import { Photo } from '../../../components/ui/photo';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';

/** The drive's photo, or a leafy placeholder when it has none or the photo fails to load. */
export function DriveImage({
  src,
  name,
  className = '',
  priority,
}: {
  src: string;
  name: string;
  className?: string;
  /** The first photo on the page: fetched at once (see Photo). */
  priority?: boolean;
}) {
  const t = useT(drivesMessages);
  return (
    <Photo
      src={src}
      alt={t('image.alt', { name })}
      placeholderLabel={t('image.none', { name })}
      testId="drive-image"
      className={className}
      {...(priority ? { priority } : {})}
    />
  );
}
