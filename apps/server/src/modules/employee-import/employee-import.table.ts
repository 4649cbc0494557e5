import { boolean, customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Employee imports (Mitarbeiterimport): the uploaded file of step 1 until it is imported, the options of
 * the run and its outcome. The file lives here (not in process memory) so any app instance can serve
 * steps 2 and 3; it is dropped once the import is done and stale uploads are purged after a day.
 */
export const employeeImports = pgTable(
  'employee_imports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    content: bytea('content'),
    separator: text('separator').notNull(),
    hasHeader: boolean('has_header').notNull(),
    portalId: integer('portal_id').references(() => portals.id, { onDelete: 'set null' }),
    /** uploaded → running → done | failed (a failed run may be started again). */
    status: text('status', { enum: ['uploaded', 'running', 'done', 'failed'] })
      .notNull()
      .default('uploaded'),
    result: jsonb('result').$type<Record<string, number>>(),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    ...versioned,
  },
  (t) => [index('employee_imports_created_by').on(t.createdBy, t.createdAt)],
);
