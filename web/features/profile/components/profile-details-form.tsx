import { toast } from 'sonner';
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
          label="Name"
          autoComplete="name"
          hint="Shown on your profile and drives. Leave empty to show your username."
          {...form.field('name')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3–30 letters, numbers, dots, dashes or underscores."
          {...form.field('username')}
        />
      </div>
      <TextAreaField
        label="Bio"
        maxLength={PROFILE_LIMITS.bio}
        hint="A few words about you and the trees you care for."
        {...form.field('bio')}
      />
      <TextField label="Location" autoComplete="address-level2" {...form.field('location')} />
      <SaveButton busy={update.isPending} busyLabel="Saving…">
        Save profile
      </SaveButton>
    </form>
  );
}
