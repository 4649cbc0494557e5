import type { ChangePassword, CurrentUser, LoginLocal } from '@schutzwerk/shared/auth/auth.schema.ts';
import type { Db } from '#db/client.ts';
import type { EmployeesRepository } from '#modules/employees/employees.repository.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { LoginThrottle } from '#platform/login-throttle.ts';
import { throttleKeys } from '#platform/login-throttle.ts';
import { getDummyHash, hashPassword, verifyPassword } from '#platform/password.ts';
import type { SessionStore } from '#platform/sessions.ts';

const MIN_PASSWORD_LENGTH = 8;

type Deps = {
  db: Db;
  employees: Pick<EmployeesRepository, 'findByLoginName' | 'findById' | 'updatePasswordHash'>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  /** The provider's end-session URL of an SSO session ('' otherwise), from the sso module. */
  ssoLogoutUrl?: (actor: Actor, log: Logger) => Promise<string>;
};

type Logger = { warn(obj: object, message: string): void; info(obj: object, message: string): void };

export function createAuthService({ db, employees, sessions, throttle, ssoLogoutUrl }: Deps) {
  return {
    /**
     * Local sign-in. Unknown user, wrong password and inactive user give one and the same answer
     * (and take the same time: an unknown user is verified against a dummy hash).
     */
    async loginLocal(input: LoginLocal, meta: { ip: string; userAgent?: string }): Promise<string> {
      const keys = throttleKeys(input.username, meta.ip);
      await throttle.registerAttempt(keys);
      const employee = await employees.findByLoginName(input.username);
      const hash = employee?.passwordHash ?? (await getDummyHash());
      const passwordOk = await verifyPassword(hash, input.password);
      if (!employee?.active || !employee.passwordHash || !passwordOk) {
        throw new AppError('INVALID_CREDENTIALS');
      }
      await throttle.recordSuccess(keys);
      await sessions.purgeExpired(db);
      await throttle.purge();
      return sessions.create(db, employee.id, {
        ip: meta.ip,
        ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      });
    },

    async currentUser(actor: Actor): Promise<CurrentUser> {
      const employee = await employees.findById(actor.employeeId);
      if (!employee) throw new AppError('NOT_AUTHENTICATED');
      return {
        employee: {
          id: employee.id,
          personnelNumber: employee.personnelNumber,
          lastName: employee.lastName,
          firstName: employee.firstName,
          loginName: employee.loginName,
          email: employee.email,
        },
        loggedInViaADFS: actor.viaSso,
        scope: { portalId: actor.portalId, portalName: actor.portalName, isMainPortal: actor.isMainPortal },
        permissions: [...actor.permissions].sort((a, b) => a - b),
      };
    },

    async logout(actor: Actor): Promise<void> {
      await sessions.end(db, actor.sessionHash);
    },

    /** Where the browser goes to end the provider's session too (spec shell §7); '' for local sessions. */
    async adfsLogoutUrl(actor: Actor, log: Logger): Promise<string> {
      return ssoLogoutUrl ? ssoLogoutUrl(actor, log) : '';
    },

    /** Change own password: the current one must be right and the new one different; other sessions end. */
    async changePassword(actor: Actor, input: ChangePassword): Promise<void> {
      if (actor.viaSso) {
        throw new AppError('NO_PERMISSION', {
          message: 'Bei Anmeldung über Single Sign-on wird das Kennwort beim Identitätsanbieter geändert.',
        });
      }
      // Guessing the current password with a stolen token is throttled like a sign-in.
      const keys = { account: `pw:${actor.employeeId}` };
      await throttle.registerAttempt(keys);
      const employee = await employees.findById(actor.employeeId);
      if (!employee?.passwordHash || !(await verifyPassword(employee.passwordHash, input.currentPassword))) {
        throw new AppError('PASSWORD_WRONG');
      }
      await throttle.recordSuccess(keys);
      if (input.currentPassword === input.newPassword) throw new AppError('PASSWORD_SAME');
      // The full password policy (settings) comes with the platform-services issue; until then a minimum length.
      if ([...input.newPassword].length < MIN_PASSWORD_LENGTH) {
        throw new AppError('PASSWORD_POLICY_VIOLATION', {
          message: `Das neue Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein.`,
          details: [{ path: ['body', 'newPassword'], message: `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen` }],
        });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await employees.updatePasswordHash(employee.id, passwordHash, tx);
        await sessions.endAllOf(tx, employee.id, actor.sessionHash);
        await recordChange(tx, {
          entity: 'employee',
          entityId: employee.id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { password: { from: '***', to: '***' } },
        });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
