import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { CLAIM_QUERY_PARAM } from '../../../../contract/attendance';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useClaimAttendance } from '../api';
import { useT } from '../../../i18n/use-t';
import { attendanceMessages } from '../messages';

/**
 * A walk-in's invitation opens the drive's page with `?claim=<token>`: the attendance is claimed
 * for the signed-in member once, the answer is a toast, and the token leaves the address (a
 * reload does not send a used link again).
 */
export function ClaimAttendance({ driveId, token }: { driveId: string; token: string }) {
  const claim = useClaimAttendance(driveId);
  const t = useT(attendanceMessages);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const rest = new URLSearchParams(search);
    rest.delete(CLAIM_QUERY_PARAM);
    const tidy = () =>
      void navigate(`${pathname}${rest.size ? `?${rest}` : ''}${hash}`, { replace: true });
    claim.mutate(token, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(failureMessage(error, t('claim.failed'))),
      onSettled: tidy,
    });
  }, [claim, token, navigate, pathname, search, hash, t]);
  return (
    <p className="flex items-center gap-2" role="status" data-testid="claim-attendance">
      <Spinner />
      {t('claim.claiming')}
    </p>
  );
}
