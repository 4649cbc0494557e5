import { hasAllPermissions, hasAnyPermission } from '@schutzwerk/shared/permissions.ts';

/**
 * What a route requires. Every route under /api declares one of these in `config.access`;
 * the server refuses to start otherwise (see auth.plugin.ts).
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'anyOf'; readonly ids: readonly number[] }
  | { readonly kind: 'allOf'; readonly ids: readonly number[] };

export const publicRoute: Access = { kind: 'public' };
export const authenticated: Access = { kind: 'authenticated' };

export function anyOf(...ids: (number | readonly number[])[]): Access {
  const flat = ids.flat();
  if (flat.length === 0) throw new Error('anyOf() needs at least one permission id');
  return { kind: 'anyOf', ids: flat };
}

export function allOf(...ids: (number | readonly number[])[]): Access {
  const flat = ids.flat();
  if (flat.length === 0) throw new Error('allOf() needs at least one permission id');
  return { kind: 'allOf', ids: flat };
}

/** Who the caller is, as `GET /api/auth/user` shows it: read with the session, so that call needs no query. */
export type ActorProfile = {
  readonly personnelNumber: string;
  readonly lastName: string;
  readonly firstName: string;
  readonly loginName: string | null;
  readonly email: string | null;
};

/**
 * The signed-in caller, resolved from the session on every request (reused from the instance's cache while the
 * database's auth generation is unchanged: decision 038).
 */
export type Actor = {
  readonly employeeId: number;
  readonly portalId: number;
  readonly portalName: string;
  readonly isMainPortal: boolean;
  readonly permissions: ReadonlySet<number>;
  readonly viaSso: boolean;
  readonly sessionHash: string;
  /** The first-login change is due: only routes marked `allowWhilePasswordChangeRequired` answer (decision 012). */
  readonly mustChangePassword?: boolean;
  /** Set by the session store; fakes in rule tests leave it out. */
  readonly profile?: ActorProfile;
};

export type AccessDecision = 'allow' | 'NOT_AUTHENTICATED' | 'NO_PERMISSION';

export function decideAccess(access: Access, actor: Actor | null): AccessDecision {
  if (access.kind === 'public') return 'allow';
  if (!actor) return 'NOT_AUTHENTICATED';
  if (access.kind === 'authenticated') return 'allow';
  const ok =
    access.kind === 'anyOf'
      ? hasAnyPermission(actor.permissions, access.ids)
      : hasAllPermissions(actor.permissions, access.ids);
  return ok ? 'allow' : 'NO_PERMISSION';
}

/** Whether the actor holds any of the ids (superuser included): for checks inside services. */
export function actorHasAny(actor: Actor, ...ids: number[]): boolean {
  return hasAnyPermission(actor.permissions, ids);
}
