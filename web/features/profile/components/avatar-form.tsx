import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import type { CurrentUser } from '../../../../contract/auth';
import { FILE_MESSAGES } from '../../../../contract/files';
import { PROFILE_MESSAGES } from '../../../../contract/users';
import { Avatar } from '../../../components/ui/avatar';
import { fieldHintText } from '../../../components/ui/form-field';
import {
  clearFileInput,
  IMAGE_PREVIEW_SIZE,
  ImagePicker,
  ImagePreview,
  useObjectUrl,
} from '../../../components/ui/image-picker';
import { Button } from '../../../components/ui/button';
import { displayName, useRemoveAvatar, useUploadAvatar } from '../api';
import { failureMessage } from './profile-errors';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';

/** Profile photo: preview the current one, choose and preview a new one, upload or remove. */
export function AvatarForm({ user, headingId }: { user: CurrentUser; headingId: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const previewUrl = useObjectUrl(file);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;
  const name = displayName(user);
  const t = useT(profileMessages);

  const forgetChoice = () => {
    setFile(null);
    clearFileInput(inputRef);
  };

  /** A refused upload or removal: the server's message under the field and in a toast. */
  const showFailure = (failure: unknown) => {
    const message = failureMessage(failure);
    setError(message);
    toast.error(message);
  };

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
      onError: showFailure,
    });
  }

  function onRemove() {
    if (busy) return;
    setError(undefined);
    remove.mutate(undefined, {
      onSuccess: (response) => toast.success(response.message || PROFILE_MESSAGES.avatarRemoved),
      onError: showFailure,
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
          <ImagePreview
            src={previewUrl}
            alt={t('avatar.previewAlt')}
            round
            data-testid="avatar-preview"
          />
        ) : (
          <Avatar src={user.file} name={name} size={IMAGE_PREVIEW_SIZE} />
        )}
        <figcaption className={fieldHintText}>
          {previewUrl ? t('avatar.newPhoto') : t('avatar.current')}
        </figcaption>
      </figure>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <ImagePicker
          label={t('avatar.choose')}
          name="avatar"
          hint={t('avatar.hint')}
          error={error}
          errorRole="alert"
          inputRef={inputRef}
          inputClassName="max-w-md"
          onFile={(chosen) => {
            setError(undefined);
            setFile(chosen);
          }}
          onProblem={setError}
          disabled={busy}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={upload.isPending} busyLabel={t('avatar.uploading')}>
            {t('avatar.upload')}
          </Button>
          {file ? (
            <Button
              variant="secondary"
              onClick={() => {
                forgetChoice();
                setError(undefined);
              }}
              disabled={busy}
            >
              {t('avatar.cancel')}
            </Button>
          ) : null}
          {!file && user.file ? (
            <Button
              variant="secondary"
              busy={remove.isPending}
              busyLabel={t('avatar.removing')}
              onClick={onRemove}
              disabled={busy}
            >
              {t('avatar.remove')}
            </Button>
          ) : null}
        </div>
      </div>
    </form>
  );
}
