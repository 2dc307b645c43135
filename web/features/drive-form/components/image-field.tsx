import { FILE_MESSAGES } from '../../../../contract/files';
import { ImageUploadField, type ImageFieldValue } from '../../../components/ui/image-picker';
import { useT } from '../../../i18n/use-t';
import { driveFormMessages } from '../messages';

/** One drive image: choose (image types only), preview at 200 × 200, delete to clear the file. */
export function ImageField({
  required,
  ...field
}: ImageFieldValue & {
  /** Edit: the drive's current image, shown until a new file is chosen. */
  existing: string;
  required: boolean;
}) {
  const t = useT(driveFormMessages);
  return (
    <ImageUploadField
      {...field}
      label={t('field.image')}
      name="treedriveImage"
      data-field="image"
      hint={required ? FILE_MESSAGES.hint : t('field.imageKeep', { hint: FILE_MESSAGES.hint })}
      previewAlt={{ chosen: t('field.imageChosen'), current: t('field.imageCurrent') }}
      previewTestId="drive-image-preview"
      removeLabel={t('field.imageRemove')}
    />
  );
}
