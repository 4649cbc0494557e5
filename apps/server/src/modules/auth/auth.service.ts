import type {
  ChangePassword,
  CurrentUser,
  FirstLogin,
  LoginLocal,
  LostPassword,
} from '@schutzwerk/shared/auth/auth.schema.ts';
import { authMessages } from '@schutzwerk/shared/errors.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#db/client.ts';
import type { EmployeesRepository } from '#modules/employees/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { LoginThrottle } from '#platform/login-throttle.ts';
import { throttleKeys } from '#platform/login-throttle.ts';
import { getDummyHash, hashPassword, verifyPassword } from '#platform/password.ts';
import type { SessionStore } from '#platform/sessions.ts';
import type { AuthRepository } from './auth.repository.ts';
import { createDeferredWork, GENERATED_PASSWORD_VALIDITY_MS, sendLostPasswordMail } from './lost-password.ts';
import type { PasswordPolicyService } from './password-policy.service.ts';

type Deps = {
  db: Db;
  employees: Pick<EmployeesRepository, 'findByLoginName' | 'findById' | 'updatePasswordHash'>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  /** The provider's end-session URL of an SSO session ('' otherwise), from the sso module. */
  ssoLogoutUrl?: (actor: Actor, log: Logger) => Promise<string>;
  /** Requests for a generated password ("Passwort vergessen?"), counted apart from sign-ins. */
  lostPasswordThrottle: LoginThrottle;
  repository: AuthRepository;
  passwordPolicy: PasswordPolicyService;
  settings: Pick<SettingsService, 'read'>;
};

type Logger = { warn(obj: object, message: string): void; info(obj: object, message: string): void };

export function createAuthService({
  db,
  employees,
  sessions,
  throttle,
  ssoLogoutUrl,
  lostPasswordThrottle,
  repository,
  passwordPolicy,
  settings,
}: Deps) {
  const lostPasswordWork = createDeferredWork();
  return {
    /**
     * Local sign-in. Unknown user, wrong password and inactive user give one and the same answer
     * (and take the same time: an unknown user is verified against a dummy hash).
     */
    async loginLocal(
      input: LoginLocal,
      meta: { ip: string; userAgent?: string; device?: string | undefined },
    ): Promise<string> {
      const keys = throttleKeys(input.username, meta.ip, meta.device);
      await throttle.registerAttempt(keys);
      const employee = await employees.findByLoginName(db, input.username);
      const hash = employee?.passwordHash ?? (await getDummyHash());
      const verified = await verifyPassword(hash, input.password);
      const passwordOk = Boolean(employee?.passwordHash) && verified;
      // A generated password ("Passwort vergessen?") signs in once, replaces the password and forces the change.
      let generated: { passwordHash: string } | undefined;
      if (!passwordOk && employee?.active) {
        const reset = await repository.findValidReset(db, employee.id);
        if (reset && (await verifyPassword(reset.passwordHash, input.password))) generated = reset;
      }
      if (!employee?.active || !(passwordOk || generated)) {
        throw new AppError('INVALID_CREDENTIALS');
      }
      await throttle.recordSuccess(keys);
      if (generated) {
        const passwordHash = generated.passwordHash;
        await db.transaction(async (tx) => {
          await repository.setPassword(tx, employee.id, { passwordHash, mustChangePassword: true });
          await repository.deleteReset(tx, employee.id);
          await recordChange(tx, {
            entity: 'employee',
            entityId: employee.id,
            state: LOG_STATE.CHANGED,
            actorId: employee.id,
            changes: { password: { from: '***', to: 'generiertes Passwort verwendet' } },
          });
        });
      }
      await sessions.purgeExpired(db);
      await throttle.purge();
      return sessions.create(db, employee.id, {
        ip: meta.ip,
        ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      });
    },

    async currentUser(actor: Actor): Promise<CurrentUser> {
      // The session store reads the profile with the actor (decision 038): no query of its own.
      const employee = actor.profile ?? (await employees.findById(db, actor.employeeId));
      if (!employee) throw new AppError('NOT_AUTHENTICATED');
      return {
        employee: {
          id: actor.employeeId,
          personnelNumber: employee.personnelNumber,
          lastName: employee.lastName,
          firstName: employee.firstName,
          loginName: employee.loginName,
          email: employee.email,
        },
        loggedInViaADFS: actor.viaSso,
        mustChangePassword: actor.mustChangePassword ?? false,
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
          message: authMessages.ssoPasswordAtProvider,
        });
      }
      // Guessing the current password with a stolen token is throttled like a sign-in.
      const keys = { account: `pw:${actor.employeeId}` };
      await throttle.registerAttempt(keys);
      const employee = await employees.findById(db, actor.employeeId);
      if (!employee?.passwordHash || !(await verifyPassword(employee.passwordHash, input.currentPassword))) {
        throw new AppError('PASSWORD_WRONG');
      }
      await throttle.recordSuccess(keys);
      if (input.currentPassword === input.newPassword) throw new AppError('PASSWORD_SAME');
      await passwordPolicy.assert(input.newPassword, ['body', 'newPassword']);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await employees.updatePasswordHash(tx, employee.id, passwordHash);
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

    /**
     * First login (spec modules.md §5): names required, the two entries match, the policy holds and the
     * password differs from the current (initial or generated) one. Clears the flag; other sessions end.
     */
    async firstLogin(actor: Actor, input: FirstLogin): Promise<void> {
      if (!actor.mustChangePassword) throw new AppError('FIRST_LOGIN_NOT_REQUIRED');
      if (input.newPassword !== input.repeatPassword) {
        throw new AppError('PASSWORD_MISMATCH', {
          details: [{ path: ['body', 'repeatPassword'], message: authMessages.fieldPasswordsDiffer }],
        });
      }
      await passwordPolicy.assert(input.newPassword, ['body', 'newPassword']);
      const employee = await employees.findById(db, actor.employeeId);
      if (!employee) throw new AppError('NOT_AUTHENTICATED');
      if (employee.passwordHash && (await verifyPassword(employee.passwordHash, input.newPassword))) {
        throw new AppError('PASSWORD_SAME');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await repository.setPassword(tx, employee.id, {
          passwordHash,
          mustChangePassword: false,
          firstName: input.firstName,
          lastName: input.lastName,
        });
        await repository.deleteReset(tx, employee.id);
        await sessions.endAllOf(tx, employee.id, actor.sessionHash);
        const changes: Record<string, { from: unknown; to: unknown }> = {
          password: { from: '***', to: '***' },
        };
        if (employee.firstName !== input.firstName)
          changes.firstName = { from: employee.firstName, to: input.firstName };
        if (employee.lastName !== input.lastName)
          changes.lastName = { from: employee.lastName, to: input.lastName };
        await recordChange(tx, {
          entity: 'employee',
          entityId: employee.id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
      });
    },

    /**
     * "Passwort vergessen?": for an active user with an e-mail address a generated password valid 2 hours
     * is stored (hashed) and mailed. The answer is the same in every case and is given before the account
     * is even looked up: only the throttle (the same for every name) runs first, the rest runs after the
     * answer (`lostPasswordWork`, decision 027). The cases without a mail still hash a throw-away password,
     * so the server's load does not tell them apart either; why nothing was sent goes to the server log.
     */
    async lostPassword(input: LostPassword, meta: { ip: string; log: FastifyBaseLogger }): Promise<void> {
      const name = input.username.trim().toLowerCase();
      try {
        await lostPasswordThrottle.registerAttempt({ account: `lp:u:${name}`, address: `lp:ip:${meta.ip}` });
      } catch (error) {
        if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
          throw new AppError('LOST_PASSWORD_TOO_MANY', { headers: error.headers });
        }
        throw error;
      }
      lostPasswordWork.run(
        () => sendGeneratedPassword(input, name, meta),
        (error) =>
          meta.log.error({ event: 'lostPassword', username: name, err: error }, 'Lost password: failed'),
      );
    },

    /** Waits for the lost-password work still running (tests; the app's close). */
    drainLostPasswordWork: () => lostPasswordWork.drain(),
  };

  async function sendGeneratedPassword(
    input: LostPassword,
    name: string,
    meta: { ip: string; log: FastifyBaseLogger },
  ): Promise<void> {
    const employee = await employees.findByLoginName(db, input.username);
    const reason = !employee
      ? 'unknown user'
      : !employee.active
        ? 'inactive user'
        : !employee.email?.trim()
          ? 'no mail address stored'
          : null;
    if (!employee || reason) {
      await hashPassword(await passwordPolicy.generate()); // the same work as the real case
      meta.log.warn(
        { event: 'lostPassword', reason, username: name, employeeId: employee?.id ?? null, ip: meta.ip },
        `Lost password: nothing sent (${reason})`,
      );
      return;
    }
    try {
      const password = await passwordPolicy.generate();
      const passwordHash = await hashPassword(password);
      const validUntil = new Date(Date.now() + GENERATED_PASSWORD_VALIDITY_MS);
      await db.transaction(async (tx) => {
        await repository.upsertReset(tx, employee.id, passwordHash, validUntil);
        await sendLostPasswordMail(
          tx,
          {
            employeeId: employee.id,
            to: employee.email!.trim(),
            firstName: employee.firstName,
            lastName: employee.lastName,
            username: employee.loginName ?? input.username,
            password,
            validUntil,
            language: employee.language,
            country: employee.country,
          },
          { settings, log: meta.log },
        );
        await recordChange(tx, {
          entity: 'employee',
          entityId: employee.id,
          state: LOG_STATE.CHANGED,
          actorId: null,
          changes: { generatedPassword: { from: null, to: `gültig bis ${validUntil.toISOString()}` } },
        });
      });
      meta.log.info(
        { event: 'lostPassword', employeeId: employee.id },
        'Lost password: generated password mailed',
      );
    } catch (error) {
      // Data error: the administrator finds it in the server log; the caller gets the usual answer.
      meta.log.error(
        { event: 'lostPassword', reason: 'data error', employeeId: employee.id, err: error },
        'Lost password: data error, nothing sent',
      );
    }
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
