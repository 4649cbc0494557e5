import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db } from '#db/client.ts';
import { assertNoMoreRights, type EmployeeRecordService } from '#modules/employees/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { hashPassword } from '#platform/password.ts';
import type { SessionStore } from '#platform/sessions.ts';
import type { AuthRepository } from './auth.repository.ts';
import { GENERATED_PASSWORD_VALIDITY_MS, sendLostPasswordMail } from './lost-password.ts';
import type { PasswordPolicyService } from './password-policy.service.ts';

export type ResetPasswordInput = { version: number; delivery: 'mail' | 'show' };
export type ResetPasswordResult = {
  /** The generated password — only for delivery 'show', shown to the administrator once. */
  password: string | null;
  validUntil: string;
  mailedTo: string | null;
  version: number;
};

/**
 * 'Passwort zurücksetzen' on the employee record (EMPLOYEES_RESET_PASSWORD): a generated password valid
 * 2 hours, handed over in person ('show') or mailed ('mail'). The old password stops working at once and
 * the employee's sessions end; signing in with the generated one forces a new password (first login).
 * Nobody resets the password of someone holding rights they do not hold themselves (the rule of decision 023,
 * with its own message).
 */
export function createPasswordResetService(deps: {
  db: Db;
  records: Pick<EmployeeRecordService, 'loadVisible' | 'assertEditableHere'>;
  repository: AuthRepository;
  passwordPolicy: PasswordPolicyService;
  sessions: Pick<SessionStore, 'endAllOf'>;
  settings: Pick<SettingsService, 'read'>;
}) {
  return {
    async reset(actor: Actor, id: number, input: ResetPasswordInput): Promise<ResetPasswordResult> {
      if (!actorHasAny(actor, P.EMPLOYEES_RESET_PASSWORD)) throw new AppError('NO_PERMISSION');
      if (id === actor.employeeId) throw new AppError('PASSWORD_RESET_OWN');
      const row = await deps.records.loadVisible(actor, id);
      deps.records.assertEditableHere(actor, row);
      const employee = row.employee;
      if (employee.version !== input.version) throw new AppError('CONFLICT');
      if (!employee.active) throw new AppError('PASSWORD_RESET_INACTIVE');
      if (!employee.loginName) throw new AppError('PASSWORD_RESET_NO_LOGIN');
      const email = employee.email?.trim() ?? '';
      if (input.delivery === 'mail' && !email) throw new AppError('PASSWORD_RESET_NO_MAIL');
      await assertNoMoreRights(deps.db, actor, [id], 'PASSWORD_RESET_MORE_RIGHTS');

      const password = await deps.passwordPolicy.generate();
      const passwordHash = await hashPassword(password);
      const validUntil = new Date(Date.now() + GENERATED_PASSWORD_VALIDITY_MS);
      const version = await deps.db.transaction(async (tx) => {
        const newVersion = await deps.repository.clearPasswordVersioned(tx, id, input.version);
        if (newVersion === undefined) throw new AppError('CONFLICT');
        await deps.repository.upsertReset(tx, id, passwordHash, validUntil);
        await deps.sessions.endAllOf(tx, id);
        if (input.delivery === 'mail') {
          await sendLostPasswordMail(
            tx,
            {
              employeeId: id,
              to: email,
              firstName: employee.firstName,
              lastName: employee.lastName,
              username: employee.loginName!,
              password,
              validUntil,
              language: employee.language,
              country: employee.country,
            },
            { settings: deps.settings },
          );
        }
        await recordChange(tx, {
          entity: 'employee',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            password: {
              from: '***',
              to:
                input.delivery === 'mail'
                  ? 'zurückgesetzt, per E-Mail versandt'
                  : 'zurückgesetzt, persönlich übergeben',
            },
          },
        });
        return newVersion;
      });
      return {
        password: input.delivery === 'show' ? password : null,
        validUntil: validUntil.toISOString(),
        mailedTo: input.delivery === 'mail' ? email : null,
        version,
      };
    },
  };
}
