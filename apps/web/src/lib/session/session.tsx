import type { CurrentUser } from '@schutzwerk/shared/auth/auth.schema.ts';
import { hasAllPermissions, hasAnyPermission } from '@schutzwerk/shared/permissions.ts';
import { createContext, useCallback, useContext, useMemo } from 'react';

/** The signed-in user, provided by the auth guard to everything behind it. */
export const SessionUserContext = createContext<CurrentUser | null>(null);

export function useSessionUser(): CurrentUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser must be used behind <RequireAuth>');
  return user;
}

/** Permission checks against the signed-in user's list (id 12 acts as superuser). */
export function usePermissions() {
  const user = useContext(SessionUserContext);
  const held = useMemo(() => new Set(user?.permissions ?? []), [user]);
  const canAny = useCallback((required: readonly number[]) => hasAnyPermission(held, required), [held]);
  const canAll = useCallback((required: readonly number[]) => hasAllPermissions(held, required), [held]);
  return { canAny, canAll };
}

/** 'Nachname, Vorname (Personalnr)' leaving out what is missing (spec shell §2.2). */
export function formatEmployeeName(
  employee:
    | { lastName?: string | null; firstName?: string | null; personnelNumber?: string | null }
    | null
    | undefined,
): string {
  if (!employee) return '';
  const last = employee.lastName?.trim() ?? '';
  const first = employee.firstName?.trim() ?? '';
  const number = employee.personnelNumber?.trim() ?? '';
  const name = [last, first].filter(Boolean).join(', ');
  if (!number) return name;
  return name ? `${name} (${number})` : `(${number})`;
}

/** A redirect target is only followed when it is a path of this application. */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/login')) return null;
  return value;
}
