import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { fakeActor } from '#test/fake-actor.ts';
import {
  NO_DATA_RIGHTS,
  type ReportCatalog,
  reportRoleFor,
  reportRoleVariants,
  reportRowPolicies,
} from './report-data-rights.ts';
import { dataRightsOf, filterKind, parseRecordId, parseRecordList } from './reports.rules.ts';

/** The pure rules of reports: filter kinds, record ids of a print request, data rights and row policies. */

function actor(permissions: number[], portal: { id: number; main: boolean } = { id: 1, main: true }): Actor {
  return fakeActor({ employeeId: 5, portalId: portal.id, isMainPortal: portal.main, permissions });
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('filterKind', () => {
  it('tells hidden, checkbox and text filters apart by their prefix only', () => {
    expect(filterKind('#HIDDEN=42')).toBe('hidden');
    expect(filterKind('#CHECKBOX=0')).toBe('checkbox');
    expect(filterKind('Abteilung')).toBe('text');
    // the prefix must lead: a mention in the middle is plain text
    expect(filterKind('x #HIDDEN=1')).toBe('text');
    expect(filterKind('#hidden=1')).toBe('text');
  });
});

describe('parseRecordList', () => {
  it('reads an array, JSON array text or comma-separated text; nothing is null', () => {
    expect(parseRecordList([1, 2, 3])).toEqual([1, 2, 3]);
    expect(parseRecordList('[4, 5]')).toEqual([4, 5]);
    expect(parseRecordList(' 6, 7 ,8 ')).toEqual([6, 7, 8]);
    expect(parseRecordList(['9', '10'])).toEqual([9, 10]);
    expect(parseRecordList(undefined)).toBeNull();
    expect(parseRecordList(null)).toBeNull();
    expect(parseRecordList('')).toBeNull();
  });

  it('refuses anything that is not a list of 32-bit integers', () => {
    for (const bad of ['1,x', '[1,', '1.5', [1.5], [2_147_483_648], ['1e3'], { 0: 1 }, 42, '[{"a":1}]']) {
      expect(
        code(() => parseRecordList(bad)),
        JSON.stringify(bad),
      ).toBe('INPUT_VALIDATION_ERROR');
    }
    expect(parseRecordList([-2_147_483_647])).toEqual([-2_147_483_647]);
  });

  it('refuses a list longer than RECORD_LIST_MAX', () => {
    expect(parseRecordList(new Array(100_000).fill(1))).toHaveLength(100_000);
    expect(code(() => parseRecordList(new Array(100_001).fill(1)))).toBe('INPUT_VALIDATION_ERROR');
  });
});

describe('parseRecordId', () => {
  it('reads a number or numeric text, refuses the rest', () => {
    expect(parseRecordId(17)).toBe(17);
    expect(parseRecordId(' 18 ')).toBe(18);
    expect(parseRecordId('')).toBeNull();
    expect(parseRecordId(undefined)).toBeNull();
    for (const bad of ['18a', '1.0', 1.5, [1], true, 2 ** 31]) {
      expect(
        code(() => parseRecordId(bad)),
        String(bad),
      ).toBe('INPUT_VALIDATION_ERROR');
    }
  });
});

describe('dataRightsOf', () => {
  it('gives nothing to an actor without data rights, limited to its own portal outside the main portal', () => {
    expect(dataRightsOf(actor([], { id: 3, main: false }))).toEqual({ ...NO_DATA_RIGHTS, portal: 3 });
    expect(dataRightsOf(actor([])).portal).toBe('all');
  });

  it('follows the record view: each right opens exactly its field group or row set', () => {
    expect(dataRightsOf(actor([P.EMPLOYEES_PERSONAL_DATA]))).toMatchObject({
      personal: true,
      health: false,
      extended: false,
    });
    expect(dataRightsOf(actor([P.EMPLOYEES_HEALTH_DATA]))).toMatchObject({ personal: false, health: true });
    // extended data: read with EMPLOYEES_READONLY, and whoever may edit may read them
    expect(dataRightsOf(actor([P.EMPLOYEES_EDIT])).extended).toBe(true);
    expect(dataRightsOf(actor([P.EMPLOYEES_BASIC_READONLY])).extended).toBe(false);
    expect(dataRightsOf(actor([P.EMPLOYEES_SHOW_INACTIVE])).showInactive).toBe(true);
    expect(dataRightsOf(actor([P.DOCUMENTS_CONFIDENTIAL])).confidentialDocuments).toBe(true);
  });

  it('gives a superuser every right but still only its portal outside the main portal', () => {
    expect(dataRightsOf(actor([SUPERUSER_ID], { id: 4, main: false }))).toEqual({
      showInactive: true,
      portal: 4,
      confidentialDocuments: true,
      personal: true,
      health: true,
      extended: true,
    });
  });
});

describe('report role variants', () => {
  it('names the variant by the field groups it reads', () => {
    expect(reportRoleFor('r', NO_DATA_RIGHTS)).toBe('r');
    expect(reportRoleFor('r', { ...NO_DATA_RIGHTS, personal: true, extended: true })).toBe('r_pe');
    expect(reportRoleFor('r', { ...NO_DATA_RIGHTS, health: true, showInactive: true })).toBe('r_h');
  });

  it('lists each of the seven group combinations once, named as reportRoleFor names them', () => {
    const variants = reportRoleVariants('r');
    expect(variants.map((v) => v.role).sort()).toEqual([
      'r_e',
      'r_h',
      'r_he',
      'r_p',
      'r_pe',
      'r_ph',
      'r_phe',
    ]);
    for (const { role, groups } of variants) {
      const rights = { ...NO_DATA_RIGHTS, ...Object.fromEntries(groups.map((g) => [g, true])) };
      expect(reportRoleFor('r', rights)).toBe(role);
    }
  });
});

describe('reportRowPolicies (fake catalogue)', () => {
  const fk = (child: string, column: string, parent: string, cascade: boolean) => ({
    child,
    column,
    parent,
    parentColumn: 'id',
    cascade,
  });
  const catalog = (
    tables: [string, boolean][],
    foreignKeys: ReportCatalog['foreignKeys'],
  ): ReportCatalog => ({
    tables: new Map(tables),
    foreignKeys,
  });
  const kinds = (policies: { table: string; kind: string }[]) =>
    policies.map((p) => `${p.table}:${p.kind}`).sort();

  it('scopes tables with portal_id by portal and their cascading children by owner, transitively', () => {
    const { policies, unclassified } = reportRowPolicies(
      catalog(
        [
          ['portals', false],
          ['employees', true],
          ['hazard_analyses', true],
          ['hazards', false],
          ['hazard_measures', false],
        ],
        [
          fk('hazards', 'analysis_id', 'hazard_analyses', true),
          fk('hazard_measures', 'hazard_id', 'hazards', true),
        ],
      ),
    );
    expect(kinds(policies)).toEqual([
      'employees:active',
      'employees:portal',
      'hazard_analyses:portal',
      'hazard_measures:owner',
      'hazards:owner',
      'portals:portal',
    ]);
    expect(unclassified).toEqual([]);
    const portals = policies.find((p) => p.table === 'portals');
    expect(portals?.using).toContain(
      `id::text = coalesce(current_setting('schutzwerk.portal_id', true), '')`,
    );
    // employees are also seen through the portals they are assigned to
    const employees = policies.find((p) => p.table === 'employees' && p.kind === 'portal');
    expect(employees?.using).toContain('employee_portals');
    expect(policies.find((p) => p.table === 'hazard_analyses')?.using).not.toContain('employee_portals');
    expect(policies.find((p) => p.table === 'hazard_measures')?.using).toBe(
      `("hazard_id" is null or exists (select 1 from "hazards" o where o."id" = "hazard_measures"."hazard_id"))`,
    );
  });

  it('does not let a non-cascading reference own a row, and leaves such tables unclassified (fail closed)', () => {
    const { policies, unclassified } = reportRowPolicies(
      catalog(
        [
          ['locations', true],
          ['notes', false],
          ['factor_menus', false],
        ],
        [fk('notes', 'location_id', 'locations', false), fk('factor_menus', 'x', 'locations', true)],
      ),
    );
    expect(kinds(policies)).toEqual(['employees:active', 'locations:portal']);
    // global catalogues are read whole: neither scoped nor unclassified
    expect(unclassified).toEqual(['notes']);
  });

  it('accepts the listed non-cascading owner of hazard analysis versions', () => {
    const { policies, unclassified } = reportRowPolicies(
      catalog(
        [
          ['hazard_analyses', true],
          ['hazard_analysis_versions', false],
        ],
        [fk('hazard_analysis_versions', 'analysis_id', 'hazard_analyses', false)],
      ),
    );
    expect(kinds(policies)).toContain('hazard_analysis_versions:owner');
    expect(unclassified).toEqual([]);
  });

  it('ANDs several owners and hides confidential file versions unless the setting allows', () => {
    const { policies } = reportRowPolicies(
      catalog(
        [
          ['documents', true],
          ['locations', true],
          ['document_versions', false],
        ],
        [
          fk('document_versions', 'document_id', 'documents', true),
          fk('document_versions', 'location_id', 'locations', true),
        ],
      ),
    );
    const owner = policies.find((p) => p.table === 'document_versions' && p.kind === 'owner');
    expect(owner?.using).toMatch(/"documents" o .* and .*"locations" o /);
    const confidential = policies.find((p) => p.kind === 'confidential');
    expect(confidential?.table).toBe('document_versions');
    expect(confidential?.using).toContain(
      `not d.confidential or coalesce(current_setting('schutzwerk.confidential', true), '') = 'on'`,
    );
  });
});
