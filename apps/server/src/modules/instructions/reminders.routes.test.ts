import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import type { InstructionSettings } from '@schutzwerk/shared/settings/instructions.settings.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { renderTemplateMail } from '#modules/mail/mail-templates.ts';
import { enqueueMail } from '#modules/mail/outbox.ts';
import { scheduledTasks } from '#modules/scheduler/scheduler.table.ts';
import { instructionSettings } from '#modules/settings/index.ts';
import { type ApiClient, createTestApp, type TestApp } from '#test/app.ts';
import { createUser } from '#test/fixtures.ts';
import { remindersRepository } from './reminders.repository.ts';
import { createInstructionReminders } from './reminders.ts';

/**
 * Decision 042: the daily reminder run — one mail per employee with all their items, the lead time before due,
 * the repeat while overdue, the escalation to supervisors or the location's level-1 contact, claimed once.
 */
let t: TestApp;
let admin: ApiClient;
let counter = 0;

const system = {
  read: async () => ({ companyName: 'Testfirma GmbH', applicationUrl: 'https://sw.test/' }),
} as never;
function reminders(settings?: Partial<InstructionSettings>) {
  return createInstructionReminders({
    db: t.database.db,
    repository: remindersRepository,
    settings: system,
    portalSettings: async (ex, portalId) => ({ ...(await instructionSettings(ex, portalId)), ...settings }),
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
  });
}
/** 08:00 in Germany on a day of 2027 (winter time). */
const at = (day: string) => new Date(`${day}T07:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Each test looks at its own items: everything earlier is done.
  await t.database.db.execute(sql`update instruction_assignments set status = 'E' where status <> 'E'`);
  await t.database.db.execute(sql`delete from mail_outbox`);
});

async function topic(label: string, release = true): Promise<Topic> {
  const res = await admin.post('/api/topics', { label, identifier: `R-${process.pid}-${++counter}` });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ data: Topic }>().data;
  // Released directly: the release rules have their own tests (decision 036).
  if (release)
    await t.database.db.execute(sql`update instruction_topics set released = true where id = ${created.id}`);
  return created;
}
async function person(email: string | null, options: { active?: boolean } = {}) {
  const u = await createUser(t.database.db, { permissions: [], ...options });
  await t.database.db.update(employees).set({ email }).where(eq(employees.id, u.id));
  return u.id;
}
async function assign(topicId: number, employeeId: number, dueDate: string) {
  const res = await admin.post('/api/instructions/assignments', {
    topicId,
    employeeIds: [employeeId],
    dueDate,
  });
  expect(res.statusCode, res.body).toBe(201);
}
async function outbox(purpose: string) {
  return queryRows<{ to_address: string; subject: string; text_body: string; html_body: string | null }>(
    t.database.db,
    sql`select to_address, subject, text_body, html_body from mail_outbox where purpose = ${purpose} order by id`,
  );
}
const db = (): Db => t.database.db;

describe('reminders to employees', () => {
  it('sends one mail per employee with every item in the lead time or overdue, once per day', async () => {
    const fire = await topic('Brandschutz');
    const aid = await topic('Erste Hilfe');
    const ladders = await topic('Leitern');
    const anna = await person('anna@example.de');
    await assign(fire.id, anna, '2027-03-20'); // in 10 days: inside the 14-day lead time
    await assign(aid.id, anna, '2027-03-07'); // 3 days overdue
    await assign(ladders.id, anna, '2027-04-30'); // later: not yet

    const first = await reminders({ intervalUnit: 'months' }).send(db(), at('2027-03-10'));
    expect(first).toMatchObject({ mailed: 1, items: 2, escalationMails: 0, withoutAddress: 0 });
    const [mail] = await outbox('instructionInvitation');
    expect(mail!.to_address).toBe('anna@example.de');
    expect(mail!.subject).toBe('Ihre Unterweisungen: Erste Hilfe, Brandschutz');
    expect(mail!.text_body).toContain(`– Erste Hilfe (${aid.identifier}), fällig am 07.03.27 – überfällig`);
    expect(mail!.text_body).toContain(`– Brandschutz (${fire.identifier}), fällig am 20.03.27`);
    // Each line names the topic's interval in the portal's unit (decision 045; the topics' default: 365 days).
    expect(mail!.text_body).toContain('· Intervall: 12 Monate');
    expect(mail!.text_body).not.toContain('Leitern');
    expect(mail!.text_body).toContain('https://sw.test/instructions/mine');
    expect(mail!.html_body).toContain('Brandschutz');

    // The same day again, and the next day: nothing new (the overdue one repeats after 7 days).
    expect((await reminders().send(db(), at('2027-03-10'))).mailed).toBe(0);
    expect((await reminders().send(db(), at('2027-03-11'))).mailed).toBe(0);
    // A week later the overdue item comes again, alone.
    const week = await reminders().send(db(), at('2027-03-17'));
    expect(week).toMatchObject({ mailed: 1, items: 1 });
    const mails = await outbox('instructionInvitation');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain('Erste Hilfe');
    expect(mails[1]!.text_body).not.toContain('Brandschutz');
    // Brandschutz falls due on the 20th: on the 21st it is overdue and reminded as such.
    const overdue = await reminders().send(db(), at('2027-03-21'));
    expect(overdue).toMatchObject({ mailed: 1, items: 1 });
    expect((await outbox('instructionInvitation'))[2]!.text_body).toContain(
      'fällig am 20.03.27 – überfällig',
    );
  });

  it('follows the portal settings: no mail before due without a lead time, no repeat without an interval', async () => {
    const tp = await topic('Lärm');
    const ben = await person('ben@example.de');
    await assign(tp.id, ben, '2027-05-05');
    const quiet = { mailDaysBeforeDue: null, overdueRepeatDays: null, escalateAfterDays: null };
    expect((await reminders(quiet).send(db(), at('2027-05-01'))).mailed).toBe(0);
    expect((await reminders(quiet).send(db(), at('2027-05-06'))).mailed).toBe(1); // overdue: once
    expect((await reminders(quiet).send(db(), at('2027-06-30'))).mailed).toBe(0);
    // Lead time 0: reminded on the due day itself.
    const tp2 = await topic('PSA');
    await assign(tp2.id, ben, '2027-07-01');
    expect((await reminders({ ...quiet, mailDaysBeforeDue: 0 }).send(db(), at('2027-06-30'))).mailed).toBe(0);
    expect((await reminders({ ...quiet, mailDaysBeforeDue: 0 }).send(db(), at('2027-07-01'))).mailed).toBe(1);
  });

  it('leaves out done items, inactive employees and locked topics, and logs employees without an address', async () => {
    const tp = await topic('Elektrik');
    const locked = await topic('Gesperrt', false);
    const inactive = await person('weg@example.de', { active: false });
    const noMail = await person(null);
    const done = await person('fertig@example.de');
    await t.database.db.execute(sql`update employees set active = true where id = ${inactive}`);
    await assign(tp.id, inactive, '2027-02-01');
    await t.database.db.execute(sql`update employees set active = false where id = ${inactive}`);
    await assign(tp.id, noMail, '2027-02-01');
    await assign(locked.id, done, '2027-02-01');
    await assign(tp.id, done, '2027-02-01');
    await t.database.db.execute(
      sql`update instruction_assignments set status = 'E' where employee_id = ${done} and topic_id = ${tp.id}`,
    );
    const run = await reminders().send(db(), at('2027-02-10'));
    expect(run).toMatchObject({ mailed: 0, items: 0, withoutAddress: 1 });
    expect(run.log.join('\n')).toContain('keine gültige E-Mail-Adresse (1 Unterweisung(en))');
  });
});

describe('escalation to supervisors', () => {
  it('mails each supervisor once with all overdue items of their people; else the location contact', async () => {
    const tp = await topic('Gefahrstoffe');
    const boss = await person('chefin@example.de');
    const [c, d] = [await person('c@example.de'), await person('d@example.de')];
    await t.database.db.execute(sql`insert into employee_supervisors (supervisor_id, employee_id)
                                    values (${boss}, ${c}), (${boss}, ${d})`);
    // e has no supervisor; its location's level-1 contact is an address.
    const e = await person('e@example.de');
    const [loc] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from locations where portal_id = (select portal_id from employees where id = ${e}) order by id limit 1`,
    );
    await t.database.db.execute(sql`update employees set location_id = ${loc!.id} where id = ${e}`);
    await t.database.db.execute(sql`insert into location_escalations (location_id, level, email)
                                    values (${loc!.id}, 1, 'sifa@example.de')
                                    on conflict (location_id, level) do update set email = excluded.email, employee_id = null`);
    // f has neither.
    const f = await person('f@example.de');
    for (const id of [c, d, e, f]) await assign(tp.id, id, '2027-01-04');

    const early = await reminders().send(db(), at('2027-01-10')); // 6 days overdue: reminders only
    expect(early).toMatchObject({ mailed: 4, escalationMails: 0 });
    const run = await reminders().send(db(), at('2027-01-18')); // 14 days overdue: escalated
    expect(run).toMatchObject({ escalationMails: 2, escalatedItems: 3, withoutAddress: 1 });
    const mails = await outbox('instructionOverdue');
    const toBoss = mails.find((m) => m.to_address === 'chefin@example.de')!;
    expect(toBoss.subject).toBe('Überfällige Unterweisungen Ihrer Mitarbeitenden');
    expect(toBoss.text_body.match(/Gefahrstoffe/g)).toHaveLength(2);
    expect(toBoss.text_body).toContain(`https://sw.test/employee/${c}`);
    expect(mails.find((m) => m.to_address === 'sifa@example.de')!.text_body).toContain(
      `https://sw.test/employee/${e}`,
    );
    expect(run.log.join('\n')).toContain('kein gewählter Empfänger der Eskalation');
    // Reported once only.
    expect((await reminders().send(db(), at('2027-01-30'))).escalationMails).toBe(0);
  });
});

describe('escalation recipients (decision 045)', () => {
  async function unit(
    kind: 'departments' | 'locations',
    name: string,
    parentId: number | null,
    portalOf: number,
  ) {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into ${sql.identifier(kind)} (portal_id, parent_id, name)
          select portal_id, ${parentId}, ${`${name} ${process.pid}-${++counter}`} from employees where id = ${portalOf}
          returning id`,
    );
    return row!.id;
  }

  it('reports to the department head above and to escalation level 2 after twice the days', async () => {
    const tp = await topic('Leitern und Tritte');
    const head = await person('abteilungsleitung@example.de');
    const x = await person('x@example.de');
    const top = await unit('departments', 'Produktion', null, x);
    const sub = await unit('departments', 'Montage', top, x);
    await t.database.db.execute(
      sql`insert into department_heads (department_id, employee_id) values (${top}, ${head})`,
    );
    const site = await unit('locations', 'Werk', null, x);
    const hall = await unit('locations', 'Halle', site, x);
    await t.database.db.execute(sql`insert into location_escalations (location_id, level, email)
                                    values (${site}, 2, 'stufe2@example.de'), (${site}, 3, 'stufe3@example.de')`);
    await t.database.db.execute(
      sql`update employees set department_id = ${sub}, location_id = ${hall} where id = ${x}`,
    );
    // A supervisor who is not chosen hears nothing.
    const boss = await person('nicht-gewaehlt@example.de');
    await t.database.db.execute(
      sql`insert into employee_supervisors (supervisor_id, employee_id) values (${boss}, ${x})`,
    );
    await assign(tp.id, x, '2027-03-01');
    const chosen = {
      escalateAfterDays: 7,
      escalationRecipients: ['departmentHead', 'level2'],
    } satisfies Partial<InstructionSettings>;

    const first = await reminders(chosen).send(db(), at('2027-03-09')); // 8 days overdue: step 1
    expect(first).toMatchObject({ escalationMails: 1, escalatedItems: 1 });
    let mails = await outbox('instructionOverdue');
    expect(mails.map((m) => m.to_address)).toEqual(['abteilungsleitung@example.de']);
    expect(mails[0]!.text_body).toContain('Leitern und Tritte');
    expect(mails[0]!.text_body).toContain(`https://sw.test/employee/${x}`);

    expect((await reminders(chosen).send(db(), at('2027-03-12'))).escalationMails).toBe(0);
    const second = await reminders(chosen).send(db(), at('2027-03-15')); // 14 days: step 2
    expect(second).toMatchObject({ escalationMails: 1, withoutAddress: 0 });
    mails = await outbox('instructionOverdue');
    expect(mails.map((m) => m.to_address)).toEqual(['abteilungsleitung@example.de', 'stufe2@example.de']);
    // Level 3 is not chosen: step 3 is never claimed, nobody more is mailed.
    expect((await reminders(chosen).send(db(), at('2027-04-30'))).escalationMails).toBe(0);
    // Chosen later, level 3 is reported (21+ days overdue) — once.
    const withThree = {
      ...chosen,
      escalationRecipients: ['departmentHead', 'level2', 'level3'],
    } satisfies Partial<InstructionSettings>;
    expect((await reminders(withThree).send(db(), at('2027-05-01'))).escalationMails).toBe(1);
    expect((await outbox('instructionOverdue')).at(-1)!.to_address).toBe('stufe3@example.de');
    expect((await reminders(withThree).send(db(), at('2027-05-02'))).escalationMails).toBe(0);
  });

  it('skips a head who is the overdue employee and takes the head above', async () => {
    const tp = await topic('Erste Hilfe');
    const upper = await person('bereichsleitung@example.de');
    const lead = await person('leitung-selbst@example.de');
    const top = await unit('departments', 'Bereich', null, lead);
    const sub = await unit('departments', 'Team', top, lead);
    await t.database.db.execute(sql`insert into department_heads (department_id, employee_id)
                                    values (${top}, ${upper}), (${sub}, ${lead})`);
    await t.database.db.execute(sql`update employees set department_id = ${sub} where id = ${lead}`);
    await assign(tp.id, lead, '2027-06-01');
    const run = await reminders({ escalateAfterDays: 3, escalationRecipients: ['departmentHead'] }).send(
      db(),
      at('2027-06-05'),
    );
    expect(run).toMatchObject({ escalationMails: 1 });
    expect((await outbox('instructionOverdue')).map((m) => m.to_address)).toEqual([
      'bereichsleitung@example.de',
    ]);
  });
});

describe('the scheduler job', () => {
  it('is registered as „Erinnerungen an Unterweisungen senden“ and runs through the scheduler', async () => {
    const tp = await topic('Bildschirmarbeit');
    const g = await person('g@example.de');
    await assign(tp.id, g, '2020-01-06'); // long overdue at the real today
    const [job] = await t.database.db
      .select({ id: scheduledTasks.id, name: scheduledTasks.name })
      .from(scheduledTasks)
      .where(eq(scheduledTasks.key, 'instruction-reminders'));
    expect(job?.name).toBe('Erinnerungen an Unterweisungen senden');
    await t.database.db
      .update(scheduledTasks)
      .set({ nextFireAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledTasks.key, 'instruction-reminders'));
    const results = await t.app.scheduler.runDue();
    expect(results.find((r) => r.taskId === job!.id)?.outcome).toBe('ok');
    const mails = await outbox('instructionInvitation');
    expect(mails.map((m) => m.to_address)).toEqual(['g@example.de']);
  });
});
