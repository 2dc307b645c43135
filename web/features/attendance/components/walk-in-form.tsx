import { ATTENDANCE_LIMITS, walkInSchema, type WalkIn } from '../../../../contract/attendance';
import { Button } from '../../../components/ui/button';
import { EmailField, TextField } from '../../../components/ui/form-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { quietField } from './quiet-field';
import { useT } from '../../../i18n/use-t';
import { attendanceMessages } from '../messages';

const EMPTY = { name: '', email: '' };

/**
 * A walk-in: someone who came without joining. Checking them in adds them to the drive, and the
 * server emails them an invitation to claim the attendance with an account.
 */
export function WalkInForm({
  onWalkIn,
  busy,
}: {
  /** Resolves true when the walk-in was checked in (the form empties for the next one). */
  onWalkIn: (walkIn: WalkIn) => Promise<boolean>;
  busy: boolean;
}) {
  const form = useContractForm(walkInSchema, EMPTY);
  const t = useT(attendanceMessages);
  const onSubmit = form.handleSubmit(async (walkIn) => {
    if (busy) return;
    if (await onWalkIn(walkIn)) form.reset(EMPTY);
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3"
      aria-label={t('walkIn.label')}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('walkIn.name')}
          autoComplete="off"
          maxLength={ATTENDANCE_LIMITS.walkInNameMax}
          {...quietField(form, 'name')}
        />
        <EmailField
          label={t('walkIn.email')}
          autoComplete="off"
          hint={t('walkIn.emailHint')}
          {...quietField(form, 'email')}
        />
      </div>
      <div>
        <Button type="submit" busy={busy} busyLabel={t('walkIn.busy')}>
          {t('walkIn.submit')}
        </Button>
      </div>
    </form>
  );
}
