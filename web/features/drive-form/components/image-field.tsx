import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { IMAGE_UPLOAD } from '../../../../contract/files';
import { FieldMessages, useFieldIds } from '../../../components/ui/form-field';
import { imageProblem } from '../drive-form-state';

/** Spec §9: the preview is 200 × 200. */
export const IMAGE_PREVIEW_SIZE = 200;

/** An object URL for the chosen file, revoked when the file changes or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const created = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is an external resource made here
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [file]);
  return file ? url : null;
}

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
  const ids = useFieldIds();
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(file);
  const shown = previewUrl ?? (existing || null);

  const clear = () => {
    onFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return onFile(null);
    const problem = imageProblem(chosen);
    if (problem) {
      clear();
      onProblem(problem);
      return;
    }
    onFile(chosen);
  }

  const hint = required
    ? 'JPEG, PNG, WebP or GIF, up to 5 MB.'
    : 'JPEG, PNG, WebP or GIF, up to 5 MB. Leave empty to keep the current image.';

  return (
    <div className="flex flex-col gap-1.5" data-field="treedriveImage">
      <label htmlFor={ids.inputId} className="text-sm font-semibold">
        Tree Drive Image
      </label>
      <input
        ref={inputRef}
        id={ids.inputId}
        name="treedriveImage"
        type="file"
        accept={IMAGE_UPLOAD.accept}
        onChange={onChoose}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${ids.hintId}${error ? ` ${ids.errorId}` : ''}`}
        className={`file-input w-full ${error ? 'file-input-error' : ''}`}
      />
      <FieldMessages ids={ids} hint={hint} error={error} />
      {shown ? (
        <figure className="flex flex-col items-start gap-2">
          <img
            src={shown}
            alt={previewUrl ? 'Preview of the chosen drive image' : 'Current drive image'}
            width={IMAGE_PREVIEW_SIZE}
            height={IMAGE_PREVIEW_SIZE}
            className="rounded-box bg-base-300 object-cover"
            style={{ width: IMAGE_PREVIEW_SIZE, height: IMAGE_PREVIEW_SIZE }}
            data-testid="drive-image-preview"
          />
          {previewUrl ? (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={clear}
              disabled={disabled}
            >
              Delete image
            </button>
          ) : null}
        </figure>
      ) : null}
    </div>
  );
}
