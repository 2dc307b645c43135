import { FILE_MESSAGES } from '../../../../contract/files';
import { ImageUploadField, type ImageFieldValue } from '../../../components/ui/image-picker';

/** One drive image: choose (image types only), preview at 200 × 200, delete to clear the file. */
export function ImageField({
  required,
  ...field
}: ImageFieldValue & {
  /** Edit: the drive's current image, shown until a new file is chosen. */
  existing: string;
  required: boolean;
}) {
  return (
    <ImageUploadField
      {...field}
      label="Tree Drive Image"
      name="treedriveImage"
      data-field="image"
      hint={
        required
          ? FILE_MESSAGES.hint
          : `${FILE_MESSAGES.hint} Leave empty to keep the current image.`
      }
      previewAlt={{ chosen: 'Preview of the chosen drive image', current: 'Current drive image' }}
      previewTestId="drive-image-preview"
      removeLabel="Delete image"
    />
  );
}
