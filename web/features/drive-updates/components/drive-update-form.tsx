import { useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import {
  DRIVE_UPDATE_LIMITS,
  DRIVE_UPDATE_MESSAGES,
  DRIVE_UPDATE_PHOTO_FIELD,
  DRIVE_UPDATE_TEXT_FIELD,
  driveUpdateFormSchema,
  photoCountProblem,
  type DriveUpdateForm as DriveUpdateOutput,
} from '../../../../contract/drive-updates';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form-field';
import { clearFileInput, ImagePicker, useObjectUrl } from '../../../components/ui/image-picker';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useContractMessage, useT } from '../../../i18n/use-t';
import { updateFormData, usePostDriveUpdate } from '../api';
import { driveUpdatesMessages } from '../messages';

interface UpdateValues {
  text: string;
}

/** A chosen photo, small, with a button that takes it out of the update. */
function ChosenPhoto({
  file,
  index,
  onRemove,
  disabled,
}: {
  file: File;
  index: number;
  onRemove(): void;
  disabled: boolean;
}) {
  const url = useObjectUrl(file);
  const t = useT(driveUpdatesMessages);
  return (
    <li className="flex flex-col items-start gap-1">
      {url ? (
        <img
          src={url}
          alt={t('form.chosenAlt', { index: index + 1, name: file.name })}
          className="size-24 rounded-box bg-base-300 object-cover"
          data-testid="chosen-update-photo"
        />
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('form.removeLabel', { index: index + 1 })}
      >
        {t('form.remove')}
      </Button>
    </li>
  );
}

/**
 * Post a field update (`POST /api/drives/{id}/updates`): the text, checked with the contract's
 * schema, and up to four photos, each checked by the image picker first. A refusal the server
 * ties to the text or the photos shows beside it; after posting the list shows the new update.
 */
export function DriveUpdateForm({ driveId }: { driveId: string }) {
  const post = usePostDriveUpdate(driveId);
  const t = useT(driveUpdatesMessages);
  const say = useContractMessage();
  const form = useContractForm<UpdateValues, DriveUpdateOutput>(driveUpdateFormSchema, {
    text: '',
  });
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const photoInput = useRef<HTMLInputElement>(null);
  const room = DRIVE_UPDATE_LIMITS.photosMax - photos.length;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    const tooMany = photoCountProblem(photos.length);
    if (tooMany) return setPhotoError(tooMany);
    try {
      const answer = await post.mutateAsync(updateFormData(values, photos));
      toast.success(answer.message);
      form.reset({ text: '' });
      setPhotos([]);
      setPhotoError(undefined);
    } catch (error) {
      if (error instanceof ApiError && error.field === DRIVE_UPDATE_TEXT_FIELD)
        form.setError('text', { message: error.message }, { shouldFocus: true });
      else if (
        error instanceof ApiError &&
        (error.field === DRIVE_UPDATE_PHOTO_FIELD || error.status === 413)
      )
        setPhotoError(error.message);
      else setRefusal(failureMessage(error, DRIVE_UPDATE_MESSAGES.postFailed));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('form.label')}
      className="flex flex-col gap-4 rounded-box bg-base-200 p-4"
    >
      <TextAreaField
        label={t('form.text')}
        hint={t('form.textHint')}
        maxLength={DRIVE_UPDATE_LIMITS.textMax}
        rows={3}
        disabled={post.isPending}
        {...form.field('text')}
      />
      {room > 0 ? (
        <ImagePicker
          label={photos.length ? t('form.addAnother') : t('form.addPhoto')}
          name={DRIVE_UPDATE_PHOTO_FIELD}
          hint={t('form.chosenCount', {
            hint: say(DRIVE_UPDATE_MESSAGES.photoHint),
            count: photos.length,
            max: DRIVE_UPDATE_LIMITS.photosMax,
          })}
          error={photoError}
          inputRef={photoInput}
          onFile={(file) => {
            setPhotoError(undefined);
            if (!file) return;
            setPhotos((chosen) => [...chosen, file].slice(0, DRIVE_UPDATE_LIMITS.photosMax));
            // The same input takes the next photo.
            clearFileInput(photoInput);
          }}
          onProblem={setPhotoError}
          disabled={post.isPending}
        />
      ) : (
        <p className="text-sm" role="status">
          {t('form.full', { max: DRIVE_UPDATE_LIMITS.photosMax })}
          {photoError ? <span className="block text-error">{photoError}</span> : null}
        </p>
      )}
      {photos.length ? (
        <ul className="flex flex-wrap gap-3" aria-label={t('form.chosen')}>
          {photos.map((file, index) => (
            <ChosenPhoto
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              index={index}
              disabled={post.isPending}
              onRemove={() => {
                setPhotoError(undefined);
                setPhotos((chosen) => chosen.filter((_, i) => i !== index));
              }}
            />
          ))}
        </ul>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-error">
          {refusal}
        </p>
      ) : null}
      <div>
        <Button type="submit" busy={post.isPending} busyLabel={t('form.posting')}>
          {t('form.post')}
        </Button>
      </div>
    </form>
  );
}
