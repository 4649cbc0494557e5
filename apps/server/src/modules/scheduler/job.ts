import type { Db } from '#db/client.ts';
export type JobContext = { db: Db; log: (line: string) => void; now: Date; signal: AbortSignal };
export type JobSchedule = { kind: 'cron'; cron: string } | { kind: 'interval'; seconds: number };
export type JobDefinition = {
  key: string;
  name: string;
  description: string;
  defaultSchedule: JobSchedule;
  timeoutSeconds?: number;
  run(ctx: JobContext): Promise<{ summary: string }>;
};
