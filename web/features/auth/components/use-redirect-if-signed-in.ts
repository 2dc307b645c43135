import { useState } from 'react';
import { dashboardRouteFor } from '../../../../contract/session';
import { getSessionClaims } from '../../../lib/session';

/**
 * Where a visitor who already has a valid session should go instead of an account screen (their
 * dashboard), or null. Read once, when the screen opens: a screen that signs someone in must not
 * jump away the moment the session is saved, it leaves on its own schedule.
 */
export function useRedirectIfSignedIn(): string | null {
  const [target] = useState(() => {
    const claims = getSessionClaims();
    return claims ? dashboardRouteFor(claims.profileType) : null;
  });
  return target;
}
