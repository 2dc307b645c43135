import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import {
  clearFileInput,
  ImagePicker,
  ImagePreview,
  useObjectUrl,
} from '../../../components/ui/image-picker';

/** One drive image: choose (image types only), preview at 200 × 200, delete to clear the file. */
export function ImageField({
  file,
  existing,
  required,
  error,
  onFile,
  onProblem,
  disabled,
}: {
  file: File | null;
  /** Edit: the drive's current image, shown until a new file is chosen. */
  existing: string;
  required: boolean;
  error?: string | undefined;
  onFile(file: File | null): void;
  /** A chosen file was refused here (wrong type, too large): its message. */
  onProblem(message: string): void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(file);
  const shown = previewUrl ?? (existing || null);

  const clear = () => {
    onFile(null);
    clearFileInput(inputRef);
  };

  const hint = required
    ? 'JPEG, PNG, WebP or GIF, up to 5 MB.'
    : 'JPEG, PNG, WebP or GIF, up to 5 MB. Leave empty to keep the current image.';

  return (
    <ImagePicker
      label="Tree Drive Image"
      name="treedriveImage"
      data-field="image"
      hint={hint}
      error={error}
      inputRef={inputRef}
      onFile={onFile}
      onProblem={onProblem}
      disabled={disabled}
    >
      {shown ? (
        <figure className="flex flex-col items-start gap-2">
          <ImagePreview
            src={shown}
            alt={previewUrl ? 'Preview of the chosen drive image' : 'Current drive image'}
            data-testid="drive-image-preview"
          />
          {previewUrl ? (
            <Button variant="secondary" size="sm" onClick={clear} disabled={disabled}>
              Delete image
            </Button>
          ) : null}
        </figure>
      ) : null}
    </ImagePicker>
  );
}
