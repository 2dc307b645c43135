import { useRef, useState } from 'react';
import { FILE_MESSAGES } from '../../../../contract/files';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import {
  clearFileInput,
  ImagePicker,
  ImagePreview,
  useObjectUrl,
} from '../../../components/ui/image-picker';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages } from '../messages';

/** An optional photo chosen in a form: the file, a problem with it, and the picker's ref. */
export function useOptionalPhoto() {
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  return { photo, setPhoto, error, setError, inputRef };
}
export type OptionalPhoto = ReturnType<typeof useOptionalPhoto>;

/** The picker with a preview of the chosen photo and a way to remove it. */
export function OptionalPhotoField({
  state,
  name,
  label,
  purpose,
  previewAlt,
  previewTestId,
  disabled,
}: {
  state: OptionalPhoto;
  name: string;
  label?: string;
  /** What the photo is for, said before the file rules. */
  purpose: string;
  previewAlt: string;
  previewTestId: string;
  disabled?: boolean;
}) {
  const preview = useObjectUrl(state.photo);
  const t = useT(treeCareMessages);
  return (
    <ImagePicker
      label={label ?? t('photo.label')}
      name={name}
      hint={t('photo.hint', { purpose, rules: FILE_MESSAGES.hint })}
      error={state.error}
      inputRef={state.inputRef}
      onFile={(file) => {
        state.setError(undefined);
        state.setPhoto(file);
      }}
      onProblem={state.setError}
      disabled={disabled}
    >
      {preview ? (
        <figure className="flex flex-col items-start gap-2">
          <ImagePreview src={preview} alt={previewAlt} data-testid={previewTestId} />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              state.setPhoto(null);
              clearFileInput(state.inputRef);
            }}
          >
            {t('photo.remove')}
          </Button>
        </figure>
      ) : null}
    </ImagePicker>
  );
}

/** A refusal of the photo (its field, or too large) goes beside the picker; true when it did. */
export function photoRefused(error: unknown, state: OptionalPhoto, field: string): boolean {
  if (!(error instanceof ApiError && (error.field === field || error.status === 413))) return false;
  state.setError(error.message);
  return true;
}

/** JSON without a photo; multipart (the photo under `field`) with one. */
export function withOptionalPhoto<T extends object>(
  fields: T,
  photo: File | null,
  field: string,
): T | FormData {
  if (!photo) return fields;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) body.append(name, String(value));
  body.append(field, photo, photo.name);
  return body;
}
