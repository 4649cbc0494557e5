import { describe, expect, it } from 'vitest';
import { checkReportSql, SqlRefusedError } from './sql-guard.ts';

function reason(text: string, fields: string[] = []): string | undefined {
  try {
    checkReportSql(text, fields);
    return undefined;
  } catch (error) {
    if (error instanceof SqlRefusedError) return error.refusal.reason;
    throw error;
  }
}

describe('checkReportSql', () => {
  it('splits at :field placeholders found by the scanner, not inside strings, comments or casts', () => {
    const checked = checkReportSql(
      "select ':abt' as a, id::text from departments where name = :abt -- :abt\n and id > :Min::int",
      ['abt', 'min'],
    );
    expect(checked.placeholders).toEqual(['abt', 'min']);
    expect(checked.pieces).toHaveLength(3);
    expect(checked.pieces[0]).toBe("select ':abt' as a, id::text from departments where name = ");
    expect(checked.pieces[2]).toBe('::int');
  });

  it('counts positions in characters, not bytes (umlauts before a placeholder)', () => {
    const checked = checkReportSql('select \'Größe\' as "Maß", :wert::text as "Wert"', ['wert']);
    expect(checked.pieces).toEqual(['select \'Größe\' as "Maß", ', '::text as "Wert"']);
  });

  it('marks recursive CTEs', () => {
    expect(
      checkReportSql(
        'with recursive r(n) as (select 1 union all select n + 1 from r where n < 5) select n from r',
        [],
      ).recursive,
    ).toBe(true);
    expect(checkReportSql('with r as (select 1 as n) select n from r', []).recursive).toBe(false);
  });

  it('refuses what hides in subqueries, set operations and joins', () => {
    expect(reason('select id from portals union select id from (select id from portals for update) x')).toBe(
      'LOCKING',
    );
    expect(reason('select id from portals where id in (select pg_backend_pid())')).toBe('FUNCTION');
    expect(reason('select p.id from portals p join lateral (select * from sessions) s on true')).toBe(
      'TABLE',
    );
    expect(reason("select (select string_agg(password_hash, ',') from employees) as x")).toBe('COLUMN');
    expect(reason('select id from portals order by pg_sleep(1)')).toBe('FUNCTION');
    expect(reason('select id from "PG_CATALOG".pg_class')).toBe('SCHEMA');
    expect(reason('select x from unnest(array[1]) x where x = any(select txid_current())')).toBe('FUNCTION');
  });

  it('accepts ordinary reports', () => {
    expect(
      reason('select e.last_name, d.name from employees e left join departments d on d.id = e.department_id'),
    ).toBeUndefined();
    expect(reason("select to_char(now(), 'DD.MM.YY'), count(*) from locations group by 1")).toBeUndefined();
    expect(reason('select l.name from locations l where l.city ilike :ort', ['ort'])).toBeUndefined();
  });

  it('names the reason in German', () => {
    try {
      checkReportSql('select pg_sleep(5)', []);
    } catch (error) {
      expect((error as SqlRefusedError).message).toBe(
        'Die Funktion „pg_sleep“ ist in Reports nicht erlaubt.',
      );
    }
    expect.assertions(1);
  });
});

describe(':recordlist and :recordid (decision 022)', () => {
  it('are known to every report and carry their integer cast into the text', () => {
    const checked = checkReportSql(
      'select id from hazard_analyses where id = any(:recordlist) or id = :RecordID order by id',
      [],
    );
    expect(checked.placeholders).toEqual(['recordlist', 'recordid']);
    expect(checked.pieces).toEqual([
      'select id from hazard_analyses where id = any(',
      '::integer[]) or id = ',
      '::integer order by id',
    ]);
  });

  it(':versionlist and :versionid (released-only readers) are bound the same way', () => {
    const checked = checkReportSql(
      'select id from hazard_analysis_versions where id = any(:versionlist) or id = :versionid',
      [],
    );
    expect(checked.placeholders).toEqual(['versionlist', 'versionid']);
    expect(checked.pieces.slice(1)).toEqual(['::integer[]) or id = ', '::integer']);
  });

  it('do not turn into placeholders inside strings or comments, and other names stay refused', () => {
    const checked = checkReportSql("select ':recordlist' as a -- :recordlist\n from locations", []);
    expect(checked.placeholders).toEqual([]);
    expect(reason('select id from locations where id = any(:records)')).toBe('UNKNOWN_FILTER');
    // Only the placeholders' own names, not what every object inherits.
    expect(reason('select id from locations where id = :constructor')).toBe('UNKNOWN_FILTER');
  });

  it('keep the rest of the guard: a forbidden construct next to them is still refused', () => {
    expect(reason('select pg_sleep(1) from locations where id = any(:recordlist)')).toBe('FUNCTION');
    expect(reason('select id from sessions where id = any(:recordlist)')).toBe('TABLE');
    expect(reason('select :recordlist::regclass')).toBe('CAST');
  });
});
