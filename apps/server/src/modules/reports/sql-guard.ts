import { reportsMessages } from '@schutzwerk/shared/errors.ts';
import { loadModule, parseSync, scanSync } from 'libpg-query';

/**
 * The report SQL guard (decision 015). Admin-entered report SQL is accepted only if PostgreSQL's own parser
 * (libpg_query, WASM build) reads it as exactly one plain SELECT and every construct in it is allowed:
 * no data-modifying CTEs, no SELECT INTO, no locking clauses, only functions and casts of an allow-list,
 * only tables of the public schema that are not on the secret list, no secret columns.
 *
 * Filters are written `:field` in the SQL. They are found with PostgreSQL's scanner (so `':x'` in a string
 * or `-- :x` in a comment is not a placeholder) and bound as parameters, never spliced into the text.
 */

await loadModule();

export type SqlRefusal = { reason: SqlRefusalReason; detail: string; message: string };
export type SqlRefusalReason =
  | 'SYNTAX'
  | 'NOT_ONE_STATEMENT'
  | 'NOT_SELECT'
  | 'DATA_MODIFYING'
  | 'SELECT_INTO'
  | 'LOCKING'
  | 'FUNCTION'
  | 'CAST'
  | 'SCHEMA'
  | 'TABLE'
  | 'COLUMN'
  | 'WHOLE_ROW'
  | 'PARAMETER'
  | 'UNKNOWN_FILTER'
  | 'CONSTRUCT';

/**
 * Tables no report may read: sessions and credentials, secrets (settings hold sealed SMTP/SSO secrets),
 * mail contents, sign-in state, uploaded import files, the audit trail and the report definitions
 * themselves (a report must not read other reports' SQL). New tables are readable unless listed here or
 * unless they start with `pg_`; the dedicated database role has SELECT only on the tables not listed.
 */
export const SECRET_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'login_throttle',
  'password_resets',
  'settings',
  'mail_outbox',
  'sso_logins',
  'sso_tickets',
  'identity_links',
  'employee_imports',
  'change_log',
  'reports',
  'report_filters',
  'scheduled_task_runs',
  // Sign-in bookkeeping: the counter cached actors are checked against (decision 038).
  'auth_generation',
  // Content hashes and sizes of every stored file, confidential ones included (the file versions say which).
  'stored_files',
  // Accident reports and the first-aid book: personal and health data whose field-level right (decision 047)
  // has no report role variant yet — no report reads them until the statistics slice adds one.
  'accident_reports',
  'accident_report_injuries',
  'accident_report_witnesses',
  'accident_report_first_aiders',
  'first_aid_entries',
  // Filled checklists: answers may name employees or hold health details of the linked record (an accident
  // report's checklist step); their read right follows the linked record (decision 052), which reports
  // cannot check yet. The checklist definitions themselves stay readable.
  'checklist_instances',
  // Comments on questionnaire questions: free text about the assessed workplace and its people (decision 058).
  'questionnaire_comments',
  // Collection links: which person a questionnaire segment was sent to and why they refused (decision 067).
  'questionnaire_links',
  // Who unlocked which protected checklist (decision 059): sign-in-like bookkeeping.
  'checklist_unlocks',
  // Checklist notifications hold typed mail addresses; approvals name who decided and why (decision 066).
  'checklist_workflows',
  'checklist_approvals',
  // Approval processes name their people; the read right follows the audit's people (AUDIT_AUDITS_ALL,
  // decision 059), which reports cannot check yet.
  'audits',
  'audit_people',
  'audit_checklists',
  // Appointment bookings: who booked which appointment or occupational-medical check-up (decision 060).
  'appointment_bookings',
  'appointment_booking_items',
  // Occupational-medical precaution (decision 057): which employee has which precaution, and the assessment
  // kinds of the precaution file (health data behind PRECAUTION_ASSESSMENTS), which reports cannot check yet.
  'occupational_precautions',
  'precaution_checkups',
  // Works doctors (decision 063): which employee account signs in as works doctor for which executing bodies.
  'works_doctors',
  'works_doctor_bodies',
  // Which check-up item stands for which precaution (decision 064): links an employee's items to their precautions.
  'precaution_assignments',
  // External instructions at the kiosk (decision 074): visitors' names, companies, ID numbers and visit reasons.
  'external_instructions',
  '__drizzle_migrations',
]);

/** Columns no report may read, whatever table they are in (the role's column grants leave them out too). */
export const SECRET_COLUMNS: ReadonlySet<string> = new Set([
  'password_hash',
  'token_hash',
  'state_hash',
  'browser_hash',
  'ticket_hash',
  'id_token',
  'code_verifier',
  // The SCORM frame's launch token (decision 068): its content URLs admit the frame.
  'launch_token_hash',
]);

/** Functions a report may call (pg_catalog or unqualified). Everything else is refused. */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates and window functions
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'string_agg',
  'array_agg',
  'bool_and',
  'bool_or',
  'every',
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  // text
  'lower',
  'upper',
  'initcap',
  'trim',
  'btrim',
  'ltrim',
  'rtrim',
  'length',
  'char_length',
  'character_length',
  'substring',
  'substr',
  'replace',
  'left',
  'right',
  'lpad',
  'rpad',
  'position',
  'strpos',
  'split_part',
  'concat',
  'concat_ws',
  'format',
  'reverse',
  'repeat',
  'starts_with',
  'regexp_replace',
  'regexp_match',
  'regexp_matches',
  'translate',
  'md5',
  'overlay',
  // numbers
  'abs',
  'round',
  'floor',
  'ceil',
  'ceiling',
  'trunc',
  'mod',
  'div',
  'power',
  'sqrt',
  'sign',
  'to_number',
  'width_bucket',
  // dates and times
  'now',
  'age',
  'date_trunc',
  'date_part',
  'extract',
  'to_char',
  'to_date',
  'to_timestamp',
  'make_date',
  'make_time',
  'make_timestamp',
  'make_interval',
  'justify_days',
  'justify_hours',
  'justify_interval',
  'isfinite',
  'timezone',
  'date_bin',
  'clock_timestamp',
  'statement_timestamp',
  'transaction_timestamp',
  'localtimestamp',
  // arrays and JSON built from the report's own columns
  'array_to_string',
  'array_length',
  'cardinality',
  'unnest',
  'array_position',
  'string_to_array',
  'json_build_object',
  'jsonb_build_object',
  'json_build_array',
  'jsonb_build_array',
  'json_agg',
  'jsonb_agg',
  'json_object_agg',
  'jsonb_object_agg',
  // reading JSON columns (e.g. frozen snapshots): pure functions of their argument
  'jsonb_array_elements',
  'jsonb_array_length',
  // sets: allowed deliberately (date lists, buckets); bounded by statement_timeout / the cost check
  'generate_series',
]);

/** Casts a report may use (type names as the parser gives them). */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'int2',
  'int4',
  'int8',
  'integer',
  'int',
  'smallint',
  'bigint',
  'numeric',
  'decimal',
  'float4',
  'float8',
  'real',
  'bool',
  'boolean',
  'date',
  'timestamp',
  'timestamptz',
  'time',
  'timetz',
  'interval',
  'json',
  'jsonb',
  'uuid',
]);

/** Node kinds that are refused wherever they occur (besides the checks below). */
const FORBIDDEN_NODES: Record<string, SqlRefusalReason> = {
  InsertStmt: 'DATA_MODIFYING',
  UpdateStmt: 'DATA_MODIFYING',
  DeleteStmt: 'DATA_MODIFYING',
  MergeStmt: 'DATA_MODIFYING',
  IntoClause: 'SELECT_INTO',
  LockingClause: 'LOCKING',
  RangeTableFunc: 'CONSTRUCT',
  XmlExpr: 'CONSTRUCT',
  XmlSerialize: 'CONSTRUCT',
  JsonTable: 'CONSTRUCT',
  CurrentOfExpr: 'CONSTRUCT',
};

const MESSAGES: Record<SqlRefusalReason, (detail: string) => string> = reportsMessages.sqlRefused;

export class SqlRefusedError extends Error {
  readonly refusal: SqlRefusal;
  constructor(reason: SqlRefusalReason, detail: string) {
    const message = MESSAGES[reason](detail);
    super(message);
    this.refusal = { reason, detail, message };
  }
}

/**
 * Placeholders every report may use besides its filters, bound by the server from the print request
 * (spec shell §7 reports/generate): `:recordlist` — the records the user chose on a list (RecordList), an
 * integer array, NULL without a list; `:recordid` — one record (RecordID), an integer or NULL. For records
 * with frozen versions that a user may read only as released (e.g. HAZARDANALYSIS_READONLY_RELEASED), the
 * module's record scope moves them from `:recordlist` / `:recordid` to `:versionlist` / `:versionid`: the
 * ids of their last released versions (decision 022). The guard writes the cast itself (`$n::integer[]`,
 * `$n::integer`), so the value can only ever be integers.
 */
export const RECORD_PLACEHOLDERS: Readonly<Record<string, string>> = {
  recordlist: '::integer[]',
  recordid: '::integer',
  versionlist: '::integer[]',
  versionid: '::integer',
};

/** Tables whose rows hold secret columns: whole-row references to them are refused. */
const TABLES_WITH_SECRET_COLUMNS: ReadonlySet<string> = new Set(['employees', 'instruction_scorm_attempts']);

export type CheckedSql = {
  /** Text pieces between placeholders: pieces.length === placeholders.length + 1. */
  pieces: string[];
  /** The filter field of each placeholder, in order. */
  placeholders: string[];
  /** Whether the statement contains a recursive CTE (informational; bounded by the timeout, decision 026). */
  recursive: boolean;
};

/**
 * Checks report SQL. `fields`: the report's filter fields (placeholders `:field`). Throws SqlRefusedError
 * with the reason; answers the text split at the placeholders for binding.
 */
export function checkReportSql(sql: string, fields: readonly string[]): CheckedSql {
  const known = new Map(fields.map((f) => [f.toLowerCase(), f]));
  let tokens: { start: number; end: number; text: string; tokenName: string }[];
  try {
    tokens = scanSync(sql).tokens;
  } catch (error) {
    throw new SqlRefusedError('SYNTAX', error instanceof Error ? error.message : String(error));
  }
  // The scanner's positions are byte offsets into the UTF-8 text (umlauts take two bytes).
  const bytes = Buffer.from(sql, 'utf8');
  const slice = (start: number, end?: number) => bytes.subarray(start, end).toString('utf8');
  const pieces: string[] = [];
  const placeholders: string[] = [];
  let last = 0;
  let prefix = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (token.tokenName === 'PARAM') throw new SqlRefusedError('PARAMETER', token.text);
    const next = tokens[i + 1];
    if (token.text === ':' && next && next.start === token.end && /^[A-Za-z_]\w*$/.test(next.text)) {
      const name = next.text.toLowerCase();
      const cast = Object.hasOwn(RECORD_PLACEHOLDERS, name) ? RECORD_PLACEHOLDERS[name] : undefined;
      const field = cast ? name : known.get(name);
      if (!field) throw new SqlRefusedError('UNKNOWN_FILTER', next.text);
      pieces.push(prefix + slice(last, token.start));
      placeholders.push(field);
      last = next.end;
      // The cast belongs to the placeholder: the next piece starts with it.
      prefix = cast ?? '';
      i++;
    }
  }
  pieces.push(prefix + slice(last));
  // Parse with $n in the placeholders' places: the parser sees exactly what will run.
  const bound = pieces.reduce((acc, piece, i) => (i === 0 ? piece : `${acc}$${i}${piece}`), '');
  let tree: { stmts?: { stmt: Record<string, unknown> }[] };
  try {
    tree = parseSync(bound) as unknown as typeof tree;
  } catch (error) {
    throw new SqlRefusedError('SYNTAX', error instanceof Error ? error.message : String(error));
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1 || !stmts[0]) throw new SqlRefusedError('NOT_ONE_STATEMENT', String(stmts.length));
  const [kind] = Object.keys(stmts[0].stmt);
  if (kind !== 'SelectStmt') throw new SqlRefusedError('NOT_SELECT', statementName(kind ?? '?'));
  const state = { recursive: false, secretAliases: new Set<string>(), hasSecretTable: false };
  collectSecretAliases(stmts[0].stmt, state);
  walk(stmts[0].stmt, state);
  return { pieces, placeholders, recursive: state.recursive };
}

function statementName(kind: string): string {
  return kind
    .replace(/Stmt$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toUpperCase();
}

type WalkState = { recursive: boolean; secretAliases: Set<string>; hasSecretTable: boolean };

function strings(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((n) => {
    const node = n as { String?: { sval?: string }; A_Star?: unknown };
    if (node.A_Star) return '*';
    return node.String?.sval ?? '?';
  });
}

function collectSecretAliases(node: unknown, state: WalkState): void {
  if (Array.isArray(node)) {
    for (const item of node) collectSecretAliases(item, state);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'RangeVar') {
      const rv = value as { relname?: string; alias?: { aliasname?: string } };
      if (rv.relname && TABLES_WITH_SECRET_COLUMNS.has(rv.relname.toLowerCase())) {
        state.hasSecretTable = true;
        state.secretAliases.add(rv.relname.toLowerCase());
        if (rv.alias?.aliasname) state.secretAliases.add(rv.alias.aliasname.toLowerCase());
      }
    }
    collectSecretAliases(value, state);
  }
}

function walk(node: unknown, state: WalkState): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, state);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    const forbidden = FORBIDDEN_NODES[key];
    if (forbidden) {
      const detail =
        key === 'LockingClause'
          ? String((value as { strength?: string }).strength ?? 'FOR UPDATE')
              .replace('LCS_FOR', 'FOR ')
              .replace('KEYSHARE', ' KEY SHARE')
              .replace('NOKEYUPDATE', ' NO KEY UPDATE')
          : statementName(key);
      throw new SqlRefusedError(forbidden, detail.trim());
    }
    if (key === 'intoClause' && value) throw new SqlRefusedError('SELECT_INTO', 'INTO');
    if (key === 'withClause' && (value as { recursive?: boolean }).recursive) state.recursive = true;
    if (key.endsWith('Stmt') && key !== 'SelectStmt')
      throw new SqlRefusedError('NOT_SELECT', statementName(key));
    if (key === 'FuncCall') checkFunction(value as { funcname?: unknown });
    if (key === 'TypeCast') checkCast(value as { typeName?: { names?: unknown } });
    if (key === 'RangeVar')
      checkTable(value as { schemaname?: string; relname?: string; catalogname?: string });
    if (key === 'ColumnRef') checkColumn(value as { fields?: unknown }, state);
    walk(value, state);
  }
}

function checkFunction(call: { funcname?: unknown }): void {
  const parts = strings(call.funcname).map((p) => p.toLowerCase());
  const name = parts[parts.length - 1] ?? '?';
  const schema = parts.length > 1 ? parts[parts.length - 2] : undefined;
  if (parts.length > 2 || (schema !== undefined && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name)) {
    throw new SqlRefusedError('FUNCTION', parts.join('.'));
  }
}

function checkCast(cast: { typeName?: { names?: unknown } }): void {
  const parts = strings(cast.typeName?.names).map((p) => p.toLowerCase());
  const name = parts[parts.length - 1] ?? '?';
  const schema = parts.length > 1 ? parts[parts.length - 2] : undefined;
  if ((schema !== undefined && schema !== 'pg_catalog') || !ALLOWED_TYPES.has(name)) {
    throw new SqlRefusedError('CAST', parts.join('.'));
  }
}

function checkTable(rv: { schemaname?: string; relname?: string; catalogname?: string }): void {
  const schema = rv.schemaname?.toLowerCase();
  if (rv.catalogname || (schema !== undefined && schema !== 'public')) {
    throw new SqlRefusedError('SCHEMA', [rv.catalogname, rv.schemaname].filter(Boolean).join('.'));
  }
  const name = (rv.relname ?? '').toLowerCase();
  if (name.startsWith('pg_') || SECRET_TABLES.has(name)) throw new SqlRefusedError('TABLE', name);
}

function checkColumn(ref: { fields?: unknown }, state: WalkState): void {
  const parts = strings(ref.fields).map((p) => p.toLowerCase());
  for (const part of parts) {
    if (SECRET_COLUMNS.has(part)) throw new SqlRefusedError('COLUMN', part);
  }
  const last = parts[parts.length - 1];
  if (!state.hasSecretTable) return;
  // `*` or `e.*` over a table with secret columns, or a whole-row reference `e` / `row_to_json(e)`.
  if (last === '*' && (parts.length === 1 || state.secretAliases.has(parts[0] ?? ''))) {
    throw new SqlRefusedError('WHOLE_ROW', parts.join('.'));
  }
  if (parts.length === 1 && last && state.secretAliases.has(last)) {
    throw new SqlRefusedError('WHOLE_ROW', last);
  }
}
