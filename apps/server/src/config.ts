import path from 'node:path';
import { z } from 'zod';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    message: 'erwartet true oder false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The file store (documents); DATA_DIR/files when unset. */
  FILES_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'muss mit postgres:// oder postgresql:// beginnen' })
    .optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'muss mindestens 8 Zeichen lang sein' }).optional(),
  DEMO_PASSWORD: z.string().min(8, { message: 'muss mindestens 8 Zeichen lang sein' }).optional(),
  DEMO_DATA: boolFromEnv.default(true),
  DEMO_EMPLOYEES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, {
      message:
        'erwartet false, eine Anzahl Proxy-Stufen (z. B. 1) oder IP-Adressen/CIDR, durch Kommas getrennt',
    })
    .default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SECRET_KEY: z.string().min(32, { message: 'muss mindestens 32 Zeichen lang sein' }).optional(),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, {
      message: 'erwartet die öffentliche Adresse der Anwendung, z. B. https://schutzwerk.example.de',
    })
    .optional(),
  OIDC_ISSUER: z
    .string()
    .regex(/^https?:\/\/[^?#\s]+$/, {
      message:
        'erwartet die Adresse (Issuer) des Identitätsanbieters, z. B. https://login.example.de/realms/firma',
    })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_LINK_CLAIM: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, {
      message: 'erwartet den Namen eines Claims, z. B. preferred_username',
    })
    .default('preferred_username'),
  OIDC_LINK_FIELD: z
    .enum(['loginName', 'email'], { message: 'erwartet loginName oder email' })
    .default('loginName'),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(100).default('Mit Firmenkonto anmelden'),
  SCHEDULER: boolFromEnv.default(true),
  PGLITE_THREAD: z.enum(['worker', 'main'], { message: 'erwartet worker oder main' }).default('worker'),
});

/** Single sign-on through an OpenID Connect provider (decision 011); absent when not configured. */
export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claim that links a first sign-in to an employee, e.g. preferred_username or email. */
  linkClaim: string;
  /** The employee field the claim is compared with (case-insensitive). */
  linkField: 'loginName' | 'email';
  buttonLabel: string;
  /** The application's public base address (redirect URI and post-logout address are built from it). */
  publicUrl: string;
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** http is accepted only for a provider on this machine (development and tests). */
export function isLoopbackUrl(url: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(url).hostname);
}

function oidcProblems(e: z.infer<typeof envSchema>): [string, string][] {
  const problems: [string, string][] = [];
  const anyOidc = e.OIDC_ISSUER || e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET;
  if (!anyOidc) return problems;
  if (!e.OIDC_ISSUER) problems.push(['OIDC_ISSUER', 'fehlt (für die Anmeldung über Single Sign-on nötig)']);
  if (!e.OIDC_CLIENT_ID)
    problems.push(['OIDC_CLIENT_ID', 'fehlt (für die Anmeldung über Single Sign-on nötig)']);
  if (!e.OIDC_CLIENT_SECRET)
    problems.push(['OIDC_CLIENT_SECRET', 'fehlt (für die Anmeldung über Single Sign-on nötig)']);
  if (!e.PUBLIC_URL)
    problems.push(['PUBLIC_URL', 'fehlt (die Rücksprungadresse für Single Sign-on wird daraus gebildet)']);
  if (e.OIDC_ISSUER?.startsWith('http://') && !isLoopbackUrl(e.OIDC_ISSUER))
    problems.push([
      'OIDC_ISSUER',
      'muss mit https:// beginnen (http nur für einen Anbieter auf diesem Rechner)',
    ]);
  return problems;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** The content-addressed file store (decision 016): FILES_DIR or DATA_DIR/files. */
  filesDir: string;
  databaseUrl: string | undefined;
  /** Where the embedded database computes: its own worker thread (default) or the main thread (decision 039). */
  pgliteThread: 'worker' | 'main';
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  demoData: boolean;
  demoEmployees: number;
  session: { idleMs: number; absoluteMs: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (X-Forwarded-For is trusted from them only). */
  trustProxy: false | number | string[];
  webDist: string | undefined;
  /** Key for secrets stored in the database (platform/secrets.ts); DATA_DIR/secret.key when unset. */
  secretKey: string | undefined;
  /** The application's public base address without a trailing slash, if configured. */
  publicUrl: string | undefined;
  oidc: OidcSettings | undefined;
  /** Whether this process runs the scheduler's ticker (run-now from the page works either way). */
  scheduler: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one German line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}=${JSON.stringify(relevant[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = oidcProblems(e);
  if (problems.length > 0) {
    const lines = problems.map(
      ([key, message]) => `  ${key}${relevant[key] ? `=${JSON.stringify(relevant[key])}` : ''}: ${message}`,
    );
    throw new ConfigError(`Ungültige Konfiguration:\n${lines.join('\n')}`);
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(e.DATA_DIR, 'files')),
    databaseUrl: e.DATABASE_URL,
    pgliteThread: e.PGLITE_THREAD,
    adminPassword: e.ADMIN_PASSWORD,
    demoPassword: e.DEMO_PASSWORD,
    demoData: e.DEMO_DATA,
    demoEmployees: e.DEMO_EMPLOYEES,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    logLevel: e.LOG_LEVEL,
    trustProxy:
      e.TRUST_PROXY === 'false'
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(','),
    webDist: e.WEB_DIST,
    secretKey: e.SECRET_KEY,
    publicUrl,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET && publicUrl
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            linkClaim: e.OIDC_LINK_CLAIM,
            linkField: e.OIDC_LINK_FIELD,
            buttonLabel: e.OIDC_BUTTON_LABEL,
            publicUrl,
          }
        : undefined,
    scheduler: e.SCHEDULER,
  };
}
