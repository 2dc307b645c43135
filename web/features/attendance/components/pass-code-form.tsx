import { checkInRequestSchema } from '../../../../contract/attendance';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { quietField } from './quiet-field';
import { useT } from '../../../i18n/use-t';
import { attendanceMessages } from '../messages';

const EMPTY = { code: '' };

/**
 * "Enter a pass code": for a printed pass, a phone whose screen cannot be scanned, or a desk
 * without a camera. The contract's schema checks (and tidies) the code; `onCode` sends it.
 */
export function PassCodeForm({
  onCode,
  busy,
}: {
  /** Resolves true when the code was taken (the field empties for the next person). */
  onCode: (code: string) => Promise<boolean>;
  busy: boolean;
}) {
  const form = useContractForm(checkInRequestSchema, EMPTY);
  const t = useT(attendanceMessages);
  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (!code || busy) return;
    if (await onCode(code)) form.reset(EMPTY);
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label={t('code.label')}
    >
      <div className="grow">
        <TextField
          label={t('code.field')}
          hint={t('code.hint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          inputClassName="font-mono uppercase tracking-wider"
          {...quietField(form, 'code')}
        />
      </div>
      <Button type="submit" className="sm:mt-7" busy={busy} busyLabel={t('code.busy')}>
        {t('code.submit')}
      </Button>
    </form>
  );
}
