import { Navigate, useLocation, useParams } from 'react-router';

/**
 * /app/drives/:id — the drive's page under its plain address (contract/attendance names it for a
 * walk-in's invitation); the query (`?claim=…`) goes along, and the drive's page claims it.
 */
export default function AppDriveClaim() {
  const { id = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/app/delive-detail/${encodeURIComponent(id)}${search}${hash}`} replace />;
}
