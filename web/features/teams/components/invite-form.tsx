import { toast } from '../../../components/ui/toast';
import {
  createInviteRequestSchema,
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
import { useT } from '../../../i18n/use-t';
import { teamsMessages } from '../messages';
import { roleOptions } from '../roles';

/** Invite by email with a role; the server mails a 7-day, single-use link. */
export function InviteForm({
  organisationId,
  myRole,
}: {
  organisationId: string;
  myRole: TeamRole;
}) {
  const invite = useInvite(organisationId);
  const t = useT(teamsMessages);
  const form = useContractForm<CreateInviteForm, CreateInviteRequest>(createInviteRequestSchema, {
    email: '',
    role: 'member',
  });
  const roles = roleOptions(t).filter((o) => canAssignRole(myRole, o.value));
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await invite.mutateAsync(values);
      toast.success(t('form.sent', { message: answer.message, email: values.email }));
      form.reset({ email: '', role: values.role });
    } catch (error) {
      const message = failureMessage(error, t('form.failed'));
      if (error instanceof ApiError && error.field === 'email')
        form.setError('email', { message }, { shouldFocus: true });
      toast.error(message);
    }
  });
  return (
    <form
      noValidate
      aria-label={t('form.label')}
      className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      onSubmit={(event) => void submit(event)}
    >
      <EmailField label={t('form.email')} autoComplete="off" {...form.field('email')} />
      <SelectField label={t('form.role')} options={roles} {...form.field('role')} />
      <Button
        type="submit"
        className="sm:mt-8"
        busy={invite.isPending}
        busyLabel={t('form.sending')}
      >
        {t('form.send')}
      </Button>
    </form>
  );
}
