import { organisationMessages } from '@schutzwerk/shared/errors.ts';
import {
  ESCALATION_LEVELS,
  LOCATION_DETAIL_FIELDS,
  type Location,
  type UpdateLocation,
  updateLocationSchema,
} from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { compareNames, pathNames } from '@schutzwerk/shared/organisation/tree.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, type FieldChanges, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { KINDS, missingRight, type OrganisationAccess } from './organisation.access.ts';
import type { OrganisationPeoplePort } from './organisation.ports.ts';
import type { OrganisationRepository } from './organisation.repository.ts';

/**
 * The location record: address and emergency numbers, designations, and the people of the location —
 * escalation levels 0–3 and responsible persons, which the employees module keeps (read and replaced through
 * the people port, inside this module's transaction). Each field group needs its right; only what changes is
 * checked.
 */
export function createOrganisationLocations({
  db,
  repository,
  people,
  access,
}: {
  db: Db;
  repository: OrganisationRepository;
  people: OrganisationPeoplePort;
  access: OrganisationAccess;
}) {
  const { loadVisible, assertEditable, assertNameFree, withUniqueNames } = access;

  async function locationDto(actor: Actor, id: number, ex: Executor = db): Promise<Location> {
    const { scope } = await loadVisible('location', actor, id, ex);
    const row = await repository.findLocation(ex, id);
    if (!row) throw new AppError('NOT_FOUND', { message: KINDS.location.texts.notFound });
    const [escalations, responsibilities, designations, childCount, employeeCount] = [
      await people.escalations(ex, id),
      await people.responsibilities(ex, id),
      await repository.designations(ex, id),
      await repository.childCount(ex, 'location', id),
      await people.employeeCount(ex, 'location', id),
    ];
    return {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      path: pathNames(scope.rows, id),
      street: row.street,
      zip: row.zip,
      city: row.city,
      phone: row.phone,
      fax: row.fax,
      email: row.email,
      emergencyNumber: row.emergencyNumber,
      fireNumber: row.fireNumber,
      escalationLevels: ESCALATION_LEVELS.map(
        (level) =>
          escalations.find((e) => e.level === level) ?? { level, employee: null, email: null, phone: null },
      ),
      responsibilities,
      designations: designations.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id),
      childCount,
      employeeCount,
      editable: scope.inScope.has(id),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  const escalationKey = (
    list: readonly { level: number; employeeId: number | null; email: string | null; phone: string | null }[],
  ) =>
    JSON.stringify(
      list
        .filter((l) => l.employeeId !== null || l.email !== null || l.phone !== null)
        .map((l) => [l.level, l.employeeId, l.email, l.phone])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  const responsibilityKey = (list: readonly { employeeId: number; title: string | null }[]) =>
    JSON.stringify(list.map((r) => [r.employeeId, r.title]).sort((a, b) => Number(a[0]) - Number(b[0])));
  const designationKey = (list: readonly { id?: number | undefined; name: string }[]) =>
    JSON.stringify(list.map((d) => [d.id ?? null, d.name]).sort((a, b) => Number(a[0]) - Number(b[0])));

  async function updateLocation(actor: Actor, id: number, input: UpdateLocation): Promise<Location> {
    const data = updateLocationSchema.parse(input);
    await withUniqueNames('location', data.name ?? '', () =>
      db.transaction(async (tx) => {
        const { node, scope } = await loadVisible('location', actor, id, tx, 'update');
        if (node.version !== data.version) throw new AppError('CONFLICT');
        const before = (await repository.findLocation(tx, id))!;
        const beforeEscalations = (await people.escalations(tx, id)).map((e) => ({
          level: e.level,
          employeeId: e.employee?.id ?? null,
          email: e.email,
          phone: e.phone,
        }));
        const beforeResponsibilities = (await people.responsibilities(tx, id)).map((r) => ({
          employeeId: r.employee.id,
          title: r.title,
        }));
        const beforeDesignations = await repository.designations(tx, id);

        const patch: Record<string, unknown> = {};
        if (data.name !== undefined && data.name !== before.name) patch.name = data.name;
        for (const field of LOCATION_DETAIL_FIELDS) {
          const value = data[field];
          if (value !== undefined && value !== before[field]) patch[field] = value;
        }
        const escalationsChanged =
          data.escalationLevels !== undefined &&
          escalationKey(data.escalationLevels) !== escalationKey(beforeEscalations);
        const responsibilitiesChanged =
          data.responsibilities !== undefined &&
          responsibilityKey(data.responsibilities) !== responsibilityKey(beforeResponsibilities);
        const designationsChanged =
          data.designations !== undefined &&
          designationKey(data.designations) !== designationKey(beforeDesignations);
        const detailsChanged = LOCATION_DETAIL_FIELDS.some((f) => f in patch) || designationsChanged;
        if (!('name' in patch) && !detailsChanged && !escalationsChanged && !responsibilitiesChanged) return;

        // Field groups and their rights; only what actually changes is checked.
        assertEditable('location', scope, node);
        if ('name' in patch && !actorHasAny(actor, P.LOCATIONS_EDIT)) throw missingRight(P.LOCATIONS_EDIT);
        if (detailsChanged && !actorHasAny(actor, P.LOCATIONS_EDIT, P.LOCATIONS_DETAILS)) {
          throw missingRight(P.LOCATIONS_EDIT, P.LOCATIONS_DETAILS);
        }
        if (
          (escalationsChanged || responsibilitiesChanged) &&
          !actorHasAny(actor, P.LOCATIONS_RESPONSIBILITIES)
        ) {
          throw missingRight(P.LOCATIONS_RESPONSIBILITIES);
        }
        if (patch.name !== undefined) assertNameFree('location', scope.rows, node.parentId, data.name!, id);

        const named = [
          ...(escalationsChanged ? data.escalationLevels!.map((l) => l.employeeId) : []),
          ...(responsibilitiesChanged ? data.responsibilities!.map((r) => r.employeeId) : []),
        ].filter((e): e is number => e !== null);
        const unique = [...new Set(named)];
        const existing = await people.existingIds(tx, node.portalId, unique);
        const missing = unique.filter((e) => !existing.includes(e));
        if (missing.length > 0) {
          throw new AppError('EMPLOYEE_NOT_FOUND', {
            message: organisationMessages.employeesNotFound(missing),
          });
        }
        if (designationsChanged) {
          const known = new Set(beforeDesignations.map((d) => d.id));
          const foreign = data.designations!.filter((d) => d.id !== undefined && !known.has(d.id));
          if (foreign.length > 0) {
            throw new AppError('INPUT_VALIDATION_ERROR', {
              message: organisationMessages.designationForeign,
              details: [
                { path: ['body', 'designations'], message: organisationMessages.fieldUnknownDesignation },
              ],
            });
          }
        }

        if (!(await repository.updateVersioned(tx, 'location', id, data.version, patch))) {
          throw new AppError('CONFLICT');
        }
        if (escalationsChanged) await people.replaceEscalations(tx, id, data.escalationLevels!);
        if (responsibilitiesChanged) await people.replaceResponsibilities(tx, id, data.responsibilities!);
        if (designationsChanged) await repository.syncDesignations(tx, id, data.designations!);

        const changes: FieldChanges = diffFields(before as Record<string, unknown>, patch, [
          'name',
          ...LOCATION_DETAIL_FIELDS,
        ]);
        if (escalationsChanged) {
          changes.escalationLevels = { from: beforeEscalations, to: data.escalationLevels };
        }
        if (responsibilitiesChanged) {
          changes.responsibilities = { from: beforeResponsibilities, to: data.responsibilities };
        }
        if (designationsChanged) {
          changes.designations = {
            from: beforeDesignations.map((d) => d.name),
            to: data.designations!.map((d) => d.name),
          };
        }
        await recordChange(tx, {
          entity: 'location',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
      }),
    ).catch((error: unknown) => {
      // The unique index of designations (a race, or two names differing only in case after trimming).
      if (error instanceof AppError && error.code === 'TREE_NAME_EXISTS' && data.name === undefined) {
        throw new AppError('DUPLICATE', {
          message: organisationMessages.designationTwice,
        });
      }
      throw error;
    });
    return locationDto(actor, id);
  }

  return { locationDto, updateLocation };
}
