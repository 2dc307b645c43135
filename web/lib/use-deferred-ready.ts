import { useDeferredValue } from 'react';

/**
 * `ready`, one render late: what it lets in mounts in a deferred render, which React splits into
 * short tasks, instead of in the one long task of the update that made it ready (a query's answer
 * renders at once, unsplit), so a phone's main thread stays free to answer a tap (issue 20's
 * blocking time). Never true while `ready` is false.
 */
export function useDeferredReady(ready: boolean): boolean {
  const deferred = useDeferredValue(ready);
  return ready && deferred;
}
