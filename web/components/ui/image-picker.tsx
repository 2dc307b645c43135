import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { FILE_MESSAGES, IMAGE_UPLOAD } from '../../../contract/files';
import { Button } from './button';
import { describedBy, FieldMessages, useFieldIds } from './form-field';

/** Spec §9: an image is previewed at 200 × 200. */
export const IMAGE_PREVIEW_SIZE = 200;

/** The same checks the server makes first, so an obviously wrong file never travels. */
export function imageProblem(file: File): string | undefined {
  if (!(IMAGE_UPLOAD.acceptedMimeTypes as readonly string[]).includes(file.type))
    return FILE_MESSAGES.notImage;
  if (file.size > IMAGE_UPLOAD.maxBytes) return FILE_MESSAGES.tooLarge;
  if (file.size === 0) return FILE_MESSAGES.unreadable;
  return undefined;
}

/** An object URL for the chosen file, revoked when the file changes or the form goes. */
export function useObjectUrl(file: File | null): string | null {
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

/** Forgets the file chosen in a file input (so choosing the same file again is a change). */
export function clearFileInput(inputRef: RefObject<HTMLInputElement | null>) {
  if (inputRef.current) inputRef.current.value = '';
}

/**
 * A labelled image file input with its hint and error. A chosen file is checked here first
 * (`imageProblem`): a refused one is forgotten (`onFile(null)`) and its message goes to
 * `onProblem`; otherwise `onFile` gets it. `children` follow the messages (a preview).
 */
export function ImagePicker({
  label,
  name,
  hint,
  error,
  inputRef,
  onFile,
  onProblem,
  disabled,
  inputClassName,
  errorRole,
  'data-field': dataField,
  children,
}: {
  label: string;
  name: string;
  hint: ReactNode;
  error?: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  onFile(file: File | null): void;
  onProblem(message: string): void;
  disabled?: boolean | undefined;
  inputClassName?: string;
  /** `alert` announces the error as soon as it shows. */
  errorRole?: 'alert';
  'data-field'?: string;
  children?: ReactNode;
}) {
  const ids = useFieldIds();

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return onFile(null);
    const problem = imageProblem(chosen);
    if (problem) {
      clearFileInput(inputRef);
      onFile(null);
      onProblem(problem);
      return;
    }
    onFile(chosen);
  }

  return (
    <div className="flex flex-col gap-1.5" data-field={dataField}>
      <label htmlFor={ids.inputId} className="text-sm font-semibold">
        {label}
      </label>
      <input
        ref={inputRef}
        id={ids.inputId}
        name={name}
        type="file"
        accept={IMAGE_UPLOAD.accept}
        onChange={onChange}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        className={`file-input w-full ${inputClassName ? `${inputClassName} ` : ''}${error ? 'file-input-error' : ''}`}
      />
      <FieldMessages ids={ids} hint={hint} error={error} errorRole={errorRole} />
      {children}
    </div>
  );
}

/** A chosen or stored image at the preview size, round (a profile photo) or in a rounded box. */
export function ImagePreview({
  src,
  alt,
  round = false,
  'data-testid': testId,
}: {
  src: string;
  alt: string;
  round?: boolean;
  'data-testid': string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={IMAGE_PREVIEW_SIZE}
      height={IMAGE_PREVIEW_SIZE}
      className={`${round ? 'rounded-full' : 'rounded-box'} bg-base-300 object-cover`}
      style={{ width: IMAGE_PREVIEW_SIZE, height: IMAGE_PREVIEW_SIZE }}
      data-testid={testId}
    />
  );
}

/** What a form hands an image field: the chosen file, the stored image, and what to call back. */
export interface ImageFieldValue {
  file: File | null;
  /** Edit: the stored image, shown until a new file is chosen. */
  existing?: string | undefined;
  error?: string | undefined;
  onFile(file: File | null): void;
  /** A chosen file was refused here (wrong type, too large): its message. */
  onProblem(message: string): void;
  disabled?: boolean | undefined;
}

/**
 * An image field with its 200 × 200 preview: the chosen file (with a button that forgets it), or
 * else the stored image (`existing`, on edit). The file is checked first, as in `ImagePicker`.
 */
export function ImageUploadField({
  file,
  existing,
  previewAlt,
  previewTestId,
  removeLabel,
  disabled,
  ...picker
}: ImageFieldValue & {
  label: string;
  name: string;
  hint: ReactNode;
  /** The preview's alt text: of the chosen file, and of the stored image. */
  previewAlt: { chosen: string; current: string };
  previewTestId: string;
  removeLabel: string;
  'data-field'?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(file);
  const shown = previewUrl ?? (existing || null);
  return (
    <ImagePicker {...picker} inputRef={inputRef} disabled={disabled}>
      {shown ? (
        <figure className="flex flex-col items-start gap-2">
          <ImagePreview
            src={shown}
            alt={previewUrl ? previewAlt.chosen : previewAlt.current}
            data-testid={previewTestId}
          />
          {previewUrl ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                picker.onFile(null);
                clearFileInput(inputRef);
              }}
              disabled={disabled}
            >
              {removeLabel}
            </Button>
          ) : null}
        </figure>
      ) : null}
    </ImagePicker>
  );
}
