import { useEffect, useState } from 'react';
import { getToken, sessionFromOpenTab } from './session';

/**
 * Whether this tab is still asking the open tabs for their session (issue 23): true on a first
 * render without a session (a link opened in a new tab) until one answers or ~300 ms pass; false
 * at once with a session here or in a browser without BroadcastChannel. Read the token with
 * getToken() afterwards.
 */
export function useAskingOpenTabs(): boolean {
  const [asking, setAsking] = useState(
    () => getToken() === null && typeof BroadcastChannel === 'function',
  );
  useEffect(() => {
    if (asking) void sessionFromOpenTab().then(() => setAsking(false));
  }, [asking]);
  return asking;
}
