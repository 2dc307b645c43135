import { toast } from '../../../components/ui/toast';
import type { CurrentUser } from '../../../../contract/auth';
import {
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  updateProfileRequestSchema,
  type PublicProfile,
} from '../../../../contract/users';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useUpdateProfile } from '../api';
import { SaveButton, showRefusal } from './profile-form';
import { useT } from '../../../i18n/use-t';
import { profileMessages } from '../messages';

const FIELDS = ['name', 'username', 'bio', 'location'] as const;

/** Name, username, bio and location; every field is sent, an empty one clears it. */
export function ProfileDetailsForm({
  user,
  profile,
  headingId,
}: {
  user: CurrentUser;
  profile: Pick<PublicProfile, 'bio' | 'location'>;
  headingId: string;
}) {
  // Sent as typed (trimmed): the server's schema turns an empty field into "cleared".
  const form = useContractForm(
    updateProfileRequestSchema,
    {
      name: user.name ?? '',
      username: user.username,
      bio: profile.bio ?? '',
      location: profile.location ?? '',
    },
    { raw: true },
  );
  const update = useUpdateProfile();
  const t = useT(profileMessages);

  const onSubmit = form.handleSubmit((values) => {
    if (update.isPending) return;
    const body = {
      name: values.name.trim(),
      username: values.username.trim(),
      bio: values.bio.trim(),
      location: values.location.trim(),
    };
    update.mutate(body, {
      onSuccess: (response) => {
        form.reset({
          name: response.user.name ?? '',
          username: response.user.username,
          bio: body.bio,
          location: body.location,
        });
        toast.success(response.message || PROFILE_MESSAGES.profileSaved);
      },
      onError: (error) => showRefusal(form, FIELDS, error),
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('details.name')}
          autoComplete="name"
          hint={t('details.nameHint')}
          {...form.field('name')}
        />
        <TextField
          label={t('details.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={t('details.usernameHint')}
          {...form.field('username')}
        />
      </div>
      <TextAreaField
        label={t('details.bio')}
        maxLength={PROFILE_LIMITS.bio}
        hint={t('details.bioHint')}
        {...form.field('bio')}
      />
      <TextField
        label={t('details.location')}
        autoComplete="address-level2"
        {...form.field('location')}
      />
      <SaveButton busy={update.isPending} busyLabel={t('details.saving')}>
        {t('details.save')}
      </SaveButton>
    </form>
  );
}
