/**
 * Why the session ended last: an explicit logout goes to a plain /login, an expired session remembers
 * the page and tells the user. Module state: it only has to survive until the login page renders.
 */
export type SessionEndReason = 'logout' | 'expired' | null;

let reason: SessionEndReason = null;

export function setSessionEndReason(next: SessionEndReason): void {
  reason = next;
}

export function getSessionEndReason(): SessionEndReason {
  return reason;
}
