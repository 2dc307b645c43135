import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { CurrentUser } from '../../../../contract/auth';
import { FILE_MESSAGES, IMAGE_UPLOAD } from '../../../../contract/files';
import { PROFILE_MESSAGES } from '../../../../contract/users';
import { Avatar } from '../../../components/ui/avatar';
import { fieldErrorText, fieldHintText } from '../../../components/ui/form-field';
import { BusyButton } from '../../../components/ui/busy-button';
import { primaryButton, secondaryButton } from '../../../components/ui/looks';
import { displayName, useRemoveAvatar, useUploadAvatar } from '../api';
import { failureMessage } from './profile-errors';

export const AVATAR_PREVIEW_SIZE = 200;

/** The same checks the server makes first, so an obviously wrong file never travels. */
export function imageProblem(file: File): string | undefined {
  if (!(IMAGE_UPLOAD.acceptedMimeTypes as readonly string[]).includes(file.type))
    return FILE_MESSAGES.notImage;
  if (file.size > IMAGE_UPLOAD.maxBytes) return FILE_MESSAGES.tooLarge;
  if (file.size === 0) return FILE_MESSAGES.unreadable;
  return undefined;
}

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

/** Profile photo: preview the current one, choose and preview a new one, upload or remove. */
export function AvatarForm({ user, headingId }: { user: CurrentUser; headingId: string }) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const previewUrl = useObjectUrl(file);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;
  const name = displayName(user);

  const forgetChoice = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setError(undefined);
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = imageProblem(chosen);
    if (problem) {
      setError(problem);
      forgetChoice();
      return;
    }
    setFile(chosen);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setError(FILE_MESSAGES.missing);
      inputRef.current?.focus();
      return;
    }
    upload.mutate(file, {
      onSuccess: (response) => {
        forgetChoice();
        toast.success(response.message || PROFILE_MESSAGES.avatarSaved);
      },
      onError: (failure) => {
        const message = failureMessage(failure);
        setError(message);
        toast.error(message);
      },
    });
  }

  function onRemove() {
    if (busy) return;
    setError(undefined);
    remove.mutate(undefined, {
      onSuccess: (response) => toast.success(response.message || PROFILE_MESSAGES.avatarRemoved),
      onError: (failure) => {
        const message = failureMessage(failure);
        setError(message);
        toast.error(message);
      },
    });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="flex flex-col gap-6 sm:flex-row sm:items-center"
    >
      <figure className="flex shrink-0 flex-col items-center gap-2">
        {previewUrl ? (
          <img
            src={previewUrl}
            alt="Preview of your new profile photo"
            width={AVATAR_PREVIEW_SIZE}
            height={AVATAR_PREVIEW_SIZE}
            className="rounded-full bg-base-300 object-cover"
            style={{ width: AVATAR_PREVIEW_SIZE, height: AVATAR_PREVIEW_SIZE }}
            data-testid="avatar-preview"
          />
        ) : (
          <Avatar src={user.file} name={name} size={AVATAR_PREVIEW_SIZE} />
        )}
        <figcaption className={fieldHintText}>
          {previewUrl ? 'New photo (not saved yet)' : 'Current photo'}
        </figcaption>
      </figure>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-semibold">
            Choose a photo
          </label>
          <input
            ref={inputRef}
            id={inputId}
            name="avatar"
            type="file"
            accept={IMAGE_UPLOAD.accept}
            onChange={onChoose}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className={`file-input w-full max-w-md ${error ? 'file-input-error' : ''}`}
          />
          <p id={hintId} className={fieldHintText}>
            JPEG, PNG, WebP or GIF, up to 5 MB. It is shown round, so centre your face.
          </p>
          {error ? (
            <p id={errorId} className={fieldErrorText} role="alert" data-testid="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <BusyButton busy={upload.isPending} busyLabel="Uploading…" className={primaryButton}>
            Upload photo
          </BusyButton>
          {file ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                forgetChoice();
                setError(undefined);
              }}
              disabled={busy}
            >
              Cancel
            </button>
          ) : null}
          {!file && user.file ? (
            <BusyButton
              type="button"
              busy={remove.isPending}
              busyLabel="Removing…"
              className={secondaryButton}
              onClick={onRemove}
              disabled={busy}
            >
              Remove photo
            </BusyButton>
          ) : null}
        </div>
      </div>
    </form>
  );
}
