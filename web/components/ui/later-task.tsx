import { useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts `children` `tasks` browser tasks after it mounts (a timer each), so one long mount is
 * split into tasks a phone can answer a tap between (issue 20's blocking time): a map's view,
 * then its tiles, then its markers. Renders nothing until then.
 */
export function LaterTask({ tasks = 1, children }: { tasks?: number; children: ReactNode }) {
  const [done, setDone] = useState(0);
  useEffect(() => {
    if (done >= tasks) return;
    const timer = setTimeout(() => setDone((d) => d + 1), 0);
    return () => clearTimeout(timer);
  }, [done, tasks]);
  return done >= tasks ? children : null;
}
