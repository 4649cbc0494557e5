import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { EmployeeImportRepository, ImportJobRow } from './employee-import.repository.ts';

/** What an actor may import with and into: their own uploads, their own portal (all from the main portal). */

/** Only the actor's own uploads exist for them. */
export async function ownJob(
  repository: Pick<EmployeeImportRepository, 'findJob'>,
  actor: Actor,
  id: number,
  ex: Executor,
): Promise<ImportJobRow> {
  const job = await repository.findJob(ex, id);
  if (!job || job.createdBy !== actor.employeeId) throw new AppError('EMPLOYEE_IMPORT_NOT_FOUND');
  return job;
}

/**
 * The target portal (locked for update with `lock`). Same answer for "no such portal" and "not yours": a
 * customer portal imports into itself only.
 */
export async function targetPortal(
  repository: Pick<EmployeeImportRepository, 'findPortal'>,
  actor: Actor,
  portalId: number,
  ex: Executor,
  lock = false,
) {
  const portal = await repository.findPortal(ex, portalId, lock);
  if (!portal || (!actor.isMainPortal && portal.id !== actor.portalId)) {
    throw new AppError('EMPLOYEE_IMPORT_PORTAL_REQUIRED');
  }
  return portal;
}
