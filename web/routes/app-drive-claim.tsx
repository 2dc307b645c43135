import { useEffect, useRef } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { CLAIM_QUERY_PARAM } from '../../contract/attendance';
import { ButtonLink } from '../components/ui/button';
import { sectionCard } from '../components/ui/looks';
import { usePageTitle } from '../components/ui/page-title';
import { LoadingState } from '../components/ui/status-cards';
import { useClaimAttendance } from '../features/attendance/api';
import { failureMessage } from '../lib/api-client';

const drivePage = (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`;

/**
 * /app/drives/:id — where a walk-in's invitation leads (`?claim=<token>`): the attendance is
 * claimed for the signed-in member, then the drive's page is a click away. Without a claim it is
 * the drive's page.
 */
export default function AppDriveClaim() {
  usePageTitle('Claim your attendance');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get(CLAIM_QUERY_PARAM);
  const claim = useClaimAttendance(id);
  const sent = useRef(false);
  useEffect(() => {
    if (!token || !id || sent.current) return;
    sent.current = true;
    claim.mutate(token);
  }, [claim, id, token]);

  if (!token) return <Navigate to={drivePage(id)} replace />;
  if (claim.isIdle || claim.isPending) return <LoadingState label="Claiming your attendance…" />;
  return (
    <section
      className={`${sectionCard} mx-auto max-w-xl`}
      role={claim.isError ? 'alert' : 'status'}
    >
      <div className="card-body items-center gap-4 text-center">
        <p>
          {claim.isError
            ? failureMessage(claim.error, 'The attendance could not be claimed just now.')
            : claim.data.message}
        </p>
        <ButtonLink to={drivePage(id)}>Open the drive</ButtonLink>
      </div>
    </section>
  );
}
