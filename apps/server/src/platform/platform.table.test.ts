import { getTableName } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { employees } from '#modules/employees/tables.ts';
import { changeLog, sessions } from './platform.table.ts';

/** The target of a table's foreign keys as drizzle-kit writes them: table, columns and their SQL types. */
const targets = (table: PgTable) =>
  getTableConfig(table).foreignKeys.map((fk) => {
    const reference = fk.reference();
    return {
      from: reference.columns.map((c) => c.name),
      table: getTableName(reference.foreignTable),
      schema: getTableConfig(reference.foreignTable).schema,
      columns: reference.foreignColumns.map((c) => [c.name, c.getSQLType(), c.primary]),
      onDelete: fk.onDelete,
    };
  });

describe('platform tables (decision 029: the platform names the account table instead of importing it)', () => {
  const account = {
    table: getTableName(employees),
    schema: getTableConfig(employees).schema,
    columns: [[employees.id.name, employees.id.getSQLType(), employees.id.primary]],
  };

  it("sessions reference the employees module's table and key", () => {
    expect(targets(sessions)).toEqual([{ from: ['employee_id'], ...account, onDelete: 'cascade' }]);
  });

  it("the change log's actor references the employees module's table and key", () => {
    expect(targets(changeLog)).toEqual([{ from: ['actor_id'], ...account, onDelete: 'set null' }]);
  });
});
