import type { Actor } from '#platform/access.ts';

/** Any field of the actor; the permissions as a list of ids. */
type FakeActorFields = Partial<Omit<Actor, 'permissions'>> & { permissions?: Iterable<number> };

/**
 * The signed-in caller for rule and service tests against fakes (no session, no database): employee 1 of
 * the main portal (id 1), without permissions unless given. Another portal id is a customer portal unless
 * `isMainPortal` says otherwise. Route tests sign in through `createTestApp()` instead.
 */
export function fakeActor({ permissions = [], ...fields }: FakeActorFields = {}): Actor {
  const portalId = fields.portalId ?? 1;
  return {
    employeeId: fields.employeeId ?? 1,
    portalId,
    portalName: fields.portalName ?? (portalId === 1 ? 'Hauptportal' : `Portal ${portalId}`),
    isMainPortal: fields.isMainPortal ?? portalId === 1,
    permissions: new Set(permissions),
    viaSso: fields.viaSso ?? false,
    sessionHash: fields.sessionHash ?? 'fake-session',
    ...(fields.mustChangePassword !== undefined ? { mustChangePassword: fields.mustChangePassword } : {}),
  };
}
