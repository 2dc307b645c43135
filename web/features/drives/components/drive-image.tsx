import { Photo } from '../../../components/ui/photo';

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
  return (
    <Photo
      src={src}
      alt={`Photo of ${name}`}
      placeholderLabel={`No photo yet for ${name}`}
      testId="drive-image"
      className={className}
      {...(priority ? { priority } : {})}
    />
  );
}
