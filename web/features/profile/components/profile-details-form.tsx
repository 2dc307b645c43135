import { toast } from 'sonner';
import type { CurrentUser } from '../../../../contract/auth';
import {
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  updateProfileRequestSchema,
  type PublicProfile,
} from '../../../../contract/users';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useUpdateProfile } from '../api';
import { SaveButton, submitProfileForm } from './profile-form';
import { useSchemaForm } from './use-schema-form';

type DetailsValues = { name: string; username: string; bio: string; location: string };
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
  const form = useSchemaForm<DetailsValues>(updateProfileRequestSchema, () => ({
    name: user.name ?? '',
    username: user.username,
    bio: profile.bio ?? '',
    location: profile.location ?? '',
  }));
  const update = useUpdateProfile();

  const onSubmit = submitProfileForm(form, {
    busy: update.isPending,
    fields: FIELDS,
    send: (onError) => {
      const body = {
        name: form.values.name.trim(),
        username: form.values.username.trim(),
        bio: form.values.bio.trim(),
        location: form.values.location.trim(),
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
        onError,
      });
    },
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          hint="Shown on your profile and drives. Leave empty to show your username."
          {...form.bind('name')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3–30 letters, numbers, dots, dashes or underscores."
          {...form.bind('username')}
        />
      </div>
      <TextAreaField
        label="Bio"
        maxLength={PROFILE_LIMITS.bio}
        hint="A few words about you and the trees you care for."
        {...form.bind('bio')}
      />
      <TextField label="Location" autoComplete="address-level2" {...form.bind('location')} />
      <SaveButton busy={update.isPending} busyLabel="Saving…">
        Save profile
      </SaveButton>
    </form>
  );
}
