import { toast } from 'sonner';
import {
  createInviteRequestSchema,
  TEAM_ROLE_OPTIONS,
  canAssignRole,
  type CreateInviteForm,
  type CreateInviteRequest,
  type TeamRole,
} from '../../../../contract/teams';
import { Button } from '../../../components/ui/button';
import { EmailField, SelectField } from '../../../components/ui/form-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useInvite } from '../api';

/** Invite by email with a role; the server mails a 7-day, single-use link. */
export function InviteForm({
  organisationId,
  myRole,
}: {
  organisationId: string;
  myRole: TeamRole;
}) {
  const invite = useInvite(organisationId);
  const form = useContractForm<CreateInviteForm, CreateInviteRequest>(createInviteRequestSchema, {
    email: '',
    role: 'member',
  });
  const roles = TEAM_ROLE_OPTIONS.filter((o) => canAssignRole(myRole, o.value));
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await invite.mutateAsync(values);
      toast.success(`${answer.message} ${values.email} will get a link by email.`);
      form.reset({ email: '', role: values.role });
    } catch (error) {
      const message = failureMessage(error, 'The invite could not be sent.');
      if (error instanceof ApiError && error.field === 'email')
        form.setError('email', { message }, { shouldFocus: true });
      toast.error(message);
    }
  });
  return (
    <form
      noValidate
      aria-label="Invite a member"
      className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      onSubmit={(event) => void submit(event)}
    >
      <EmailField label="Email address" autoComplete="off" {...form.field('email')} />
      <SelectField label="Role" options={roles} {...form.field('role')} />
      <Button type="submit" className="sm:mt-8" busy={invite.isPending} busyLabel="Sending…">
        Send invite
      </Button>
    </form>
  );
}
