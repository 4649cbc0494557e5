/**
 * Benchmark (issue 21, decision 060): 1,000 concurrent bookings into a window with 200 seats, sent over real HTTP to
 * two app instances on one database (on PostgreSQL each with its own connection pool, as behind a load balancer;
 * on PGlite both on the one embedded database). Checks that exactly 200 succeed, the other 800 are refused with
 * BOOKING_NO_FREE_PERIOD, and no seat is given twice; reports requests per second and the latency of a booking.
 *
 *   BENCH_DB=postgres npm run bench:appointments     (PGlite without BENCH_DB)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/db/query.ts';
import {
  employees,
  instructionAssignments,
  instructionTopics,
  locations,
  portals,
} from '../apps/server/src/db/schema.ts';
import { KIND, median, openBenchDatabase, p95, round } from './support.ts';

const REQUESTS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const SEATS = Number(process.env.BENCH_SEATS ?? 200);
const PASSWORD = 'Bench-Admin-2026!';
const { database, dataDir, cleanup, url } = await openBenchDatabase('appointments', PASSWORD);
const second = url ? await openDatabase({ kind: 'postgres', url }) : database;

const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SCHEDULER: 'false' });
const instances = [
  await buildApp({ config, database, logger: false }),
  await buildApp({ config, database: second, logger: false }),
];
const bases: string[] = [];
for (const app of instances) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  bases.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
}

const csrfResponse = await fetch(`${bases[0]}/api/auth/csrf`);
const csrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1] ?? '';
const baseHeaders = {
  'content-type': 'application/json',
  'x-xsrf-token': csrf,
  cookie: `XSRF-TOKEN=${csrf}`,
};
const login = await fetch(`${bases[0]}/api/auth/login_local`, {
  method: 'POST',
  headers: baseHeaders,
  body: JSON.stringify({ username: 'admin', password: PASSWORD }),
});
const { token } = (await login.json()) as { token?: string };
if (!token) throw new Error(`sign-in failed: ${login.status}`);
const headers = { ...baseHeaders, authorization: `Bearer ${token}` };

// A location, a topic, REQUESTS employees each with an open appointment item, and one window day with SEATS seats.
const [portal] = await database.db.select({ id: portals.id }).from(portals).limit(1);
const portalId = portal!.id;
const [location] = await database.db
  .insert(locations)
  .values({ portalId, name: 'Benchmark-Werk' })
  .returning({ id: locations.id });
const [topic] = await database.db
  .insert(instructionTopics)
  .values({ portalId, identifier: 'BENCH-TERMIN', label: 'Benchmark-Termin' })
  .returning({ id: instructionTopics.id });
const people = await database.db
  .insert(employees)
  .values(
    Array.from({ length: REQUESTS }, (_, i) => ({
      portalId,
      personnelNumber: `BT${i + 1}`,
      lastName: `Termin${i + 1}`,
      firstName: 'Bea',
    })),
  )
  .returning({ id: employees.id });
const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
  new Date(Date.now() + 7 * 86_400_000),
);
const items = await database.db
  .insert(instructionAssignments)
  .values(
    people.map((p) => ({
      portalId,
      employeeId: p.id,
      topicId: topic!.id,
      type: 'appointment',
      status: 'O',
      dueDate: day,
      originalDueDate: day,
    })),
  )
  .returning({ id: instructionAssignments.id });
const created = await fetch(`${bases[0]}/api/appointments/windows`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    title: 'Benchmark',
    locationId: location!.id,
    topicId: null,
    fromTime: '08:00',
    toTime: '09:00',
    durationMinutes: 60,
    gridMinutes: 15,
    seats: SEATS,
    rule: 'none',
    allowedShiftMinutes: 0,
    days: [day],
  }),
});
if (created.status !== 201) throw new Error(`window: ${created.status} ${await created.text()}`);
const windowId = ((await created.json()) as { data: { id: number } }).data.id;

// All at once, alternating between the two instances.
const latencies: number[] = [];
const codes = new Map<string, number>();
const started = performance.now();
const answers = await Promise.all(
  items.map(async (item, i) => {
    const t0 = performance.now();
    const res = await fetch(`${bases[i % 2]}/api/appointments/bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ windowId, date: day, start: '08:00', assignmentIds: [item.id], explicit: true }),
    });
    const body = (await res.json()) as { error?: { code: string } };
    latencies.push(performance.now() - t0);
    const code = res.status === 201 ? 'BOOKED' : (body.error?.code ?? String(res.status));
    codes.set(code, (codes.get(code) ?? 0) + 1);
    return res.status;
  }),
);
const seconds = (performance.now() - started) / 1000;

const booked = answers.filter((s) => s === 201).length;
const [seatCheck] = await queryRows<{ n: number; seats: number; max_seat: number }>(
  database.db,
  sql`select count(*)::int as n, count(distinct seat)::int as seats, max(seat)::int as max_seat
        from appointment_bookings where window_id = ${windowId} and state = 'booked'`,
);
const [statusCheck] = await queryRows<{ t: number }>(
  database.db,
  sql`select count(*)::int as t from instruction_assignments where topic_id = ${topic!.id} and status = 'T'`,
);
const ok =
  booked === SEATS &&
  seatCheck!.n === SEATS &&
  seatCheck!.seats === SEATS &&
  seatCheck!.max_seat === SEATS &&
  statusCheck!.t === SEATS &&
  (codes.get('BOOKING_NO_FREE_PERIOD') ?? 0) === REQUESTS - SEATS;

const results = {
  database: KIND,
  instances: 2,
  requests: REQUESTS,
  seats: SEATS,
  booked,
  refused: Object.fromEntries([...codes].filter(([code]) => code !== 'BOOKED')),
  distinctSeats: seatCheck!.seats,
  noSeatTwice: seatCheck!.n === seatCheck!.seats,
  exactlySeatsBooked: ok,
  seconds: round(seconds),
  requestsPerSecond: round(REQUESTS / seconds),
  latency: { medianMs: round(median(latencies)), p95Ms: round(p95(latencies)) },
};
console.info(`\n| ${KIND}, 2 instances | value |\n|---|---:|`);
console.info(`| bookings sent at once | ${REQUESTS} |`);
console.info(`| booked (seats ${SEATS}) | ${booked} |`);
console.info(`| refused BOOKING_NO_FREE_PERIOD | ${codes.get('BOOKING_NO_FREE_PERIOD') ?? 0} |`);
console.info(`| distinct seats / bookings | ${seatCheck!.seats} / ${seatCheck!.n} |`);
console.info(`| requests per second | ${results.requestsPerSecond} |`);
console.info(`| latency median / p95 | ${results.latency.medianMs} ms / ${results.latency.p95Ms} ms |`);
const out = path.join(import.meta.dirname, 'results', `appointments-booking-${KIND}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
for (const app of instances) await app.close();
if (second !== database) await second.close();
await database.close();
await cleanup();
if (!ok) {
  console.error('FAILED: not exactly the seats were booked, or a seat was given twice');
  process.exitCode = 1;
}
