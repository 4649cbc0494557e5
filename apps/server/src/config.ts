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
  SCHEDULER: boolFromEnv.default(true),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  demoData: boolean;
  demoEmployees: number;
  session: { idleMs: number; absoluteMs: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (X-Forwarded-For is trusted from them only). */
  trustProxy: false | number | string[];
  webDist: string | undefined;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
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
    scheduler: e.SCHEDULER,
  };
}
