import '@schutzwerk/shared/zod-locale.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { languageSettings } from '@schutzwerk/shared/settings/language.settings.ts';
import { securitySettings } from '@schutzwerk/shared/settings/security.settings.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  ACCIDENT_ACTION_SOURCE,
  accidentsModule,
  registerAccidentDocuments,
} from './modules/accidents/index.ts';
import { actionsModule } from './modules/actions/index.ts';
import { activitiesModule, employeeActivityAssignments } from './modules/activities/index.ts';
import { appointmentsModule } from './modules/appointments/index.ts';
import { auditsModule } from './modules/audits/index.ts';
import { authModule, createPasswordPolicyService } from './modules/auth/index.ts';
import {
  checklistsModule,
  questionnairesModule,
  registerChecklistWiring,
} from './modules/checklists/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { employeeImportModule } from './modules/employee-import/index.ts';
import { employeesModule } from './modules/employees/index.ts';
import { factorMenusModule } from './modules/factor-menus/index.ts';
import {
  HAZARD_ACTION_SOURCE,
  hazardAnalysisModule,
  registerAnalysisDocuments,
  registerAnalysisTaskHooks,
} from './modules/hazard-analysis/index.ts';
import { hazardAnalysisPrintModule } from './modules/hazard-analysis-print/index.ts';
import { hazardBricksModule } from './modules/hazard-bricks/index.ts';
import { healthModule } from './modules/health/index.ts';
import {
  externalInstructionsModule,
  instructionRemindersModule,
  instructionRunModule,
  instructionsModule,
  type MediaFiles,
  registerTopicDocuments,
  scormModule,
  topicMediaModule,
} from './modules/instructions/index.ts';
import {
  DEFAULT_MAIL_TEMPLATES,
  enqueueMail,
  mailDateTime,
  mailModule,
  renderTemplateMail,
} from './modules/mail/index.ts';
import { nohlCriteriaModule } from './modules/nohl-criteria/index.ts';
import { occupationalMedicineModule, worksDoctorModule } from './modules/occupational-medicine/index.ts';
import { organisationModule } from './modules/organisation/index.ts';
import { portalsModule } from './modules/portals/index.ts';
import { reportsModule } from './modules/reports/index.ts';
import { employeeRoleAssignments, rolesModule } from './modules/roles/index.ts';
import { type JobDefinition, schedulerModule } from './modules/scheduler/index.ts';
import { installationLicence, instructionSettings, settingsModule } from './modules/settings/index.ts';
import { ssoModule } from './modules/sso/index.ts';
import { substancesModule } from './modules/substances/index.ts';
import { publicRoute } from './platform/access.ts';
import { registerAuth } from './platform/auth.plugin.ts';
import { createDeviceCookies } from './platform/device-cookies.ts';
import { errorBody, registerErrorHandling } from './platform/errors.ts';
import { createLoginThrottle, type ThrottleSettings } from './platform/login-throttle.ts';
import { createSecretBox } from './platform/secrets.ts';
import { createSessionStore } from './platform/sessions.ts';
import { registerWellFormedText } from './platform/well-formed-text.ts';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppOptions = {
  config: Config;
  database: Database;
  /** Fastify's logger: true/level in production, false in tests. */
  logger?: boolean;
  throttle?: ThrottleSettings;
  /** Extra scheduler jobs (tests) besides the modules' own. */
  jobs?: readonly JobDefinition[];
  /** The clock of the instructions' run-through (tests: a day's wrong answers across midnight). */
  now?: () => Date;
};

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

/** Builds the whole application: platform mechanisms first, then each module (explicit list). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  // Responses above 1 KiB go out compressed when the browser accepts it (brotli first, then gzip): JSON lists,
  // OpenAPI, CSS. Streams that must arrive line by line (the import's progress) opt out per route
  // (`compress: false`); the web app's own files are compressed once at build time (decision 037).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Schutzwerk API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  registerErrorHandling(app);
  const secrets = createSecretBox({ secretKey: config.secretKey, dataDir: config.dataDir });
  // The security settings' session lifetimes (null: the environment's values) and the password policy.
  let sessions: ReturnType<typeof createSessionStore> | undefined;
  const settings = settingsModule({
    db: database.db,
    secrets,
    guards: { security: async () => sessions?.invalidateLifetimes() },
  });
  sessions = createSessionStore(
    database.db,
    config.session,
    async (ex) => {
      const s = await settings.service.read(securitySettings, ex);
      return {
        ...(s.sessionIdleMinutes !== null ? { idleMs: s.sessionIdleMinutes * 60_000 } : {}),
        ...(s.sessionAbsoluteHours !== null ? { absoluteMs: s.sessionAbsoluteHours * 3_600_000 } : {}),
      };
    },
    // Cached actors (decision 038): PGlite pushes the auth generation, PostgreSQL instances read it per request.
    database.listen ? { listen: database.listen } : {},
  );
  const sessionStore = sessions;
  app.addHook('onClose', async () => sessionStore.close());
  const passwordPolicy = createPasswordPolicyService({ settings: settings.service });
  registerAuth(app, sessions);
  registerWellFormedText(app);
  app.addHook('onSend', async (request, reply) => {
    // A route that set its own framing rules keeps them (the SCORM frame's content, decision 068).
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (!reply.hasHeader(name)) reply.header(name, value);
    // API answers carry personal data and tokens: no browser or proxy keeps them (issue 13, L5). A route that
    // set its own (stricter) value keeps it.
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  // Modules — the one explicit list. A module exposes register(app) and the services others may use.
  // The mail functions the e-mail-changed notice uses (employees and the import; decision 029: employees
  // imports no mail file).
  const emailChangedMail = {
    renderTemplateMail,
    enqueueMail,
    mailDateTime,
    defaultTemplates: DEFAULT_MAIL_TEMPLATES,
  };
  const employees = employeesModule({
    db: database.db,
    sessions,
    passwordPolicy,
    enabledLocales: async (ex) => (await settings.service.read(languageSettings, ex)).enabledLocales,
    mail: emailChangedMail,
    settings: settings.service,
    // Decision 030 (organisation < employees < roles, activities): copying assignments writes the roles' and
    // activities' tables through their ports.
    roles: employeeRoleAssignments,
    activities: employeeActivityAssignments,
  });
  const throttle = createLoginThrottle(database.db, options.throttle);
  // The one place the single sign-on configuration is read (environment now, settings later).
  const sso = ssoModule({ db: database.db, sessions, throttle, settings: async () => config.oidc ?? null });
  const deviceCookies = createDeviceCookies(secrets);
  const auth = authModule({
    db: database.db,
    employees: employees.repository,
    sessions,
    throttle,
    ssoLogoutUrl: (actor, log) => sso.service.logoutUrl(actor, log),
    passwordPolicy,
    settings: settings.service,
    records: employees.records,
    deviceCookies,
  });
  const roles = rolesModule({ db: database.db, employees: employees.repository });
  const portals = portalsModule({ db: database.db });
  const activities = activitiesModule({ db: database.db, employees: employees.repository });
  // The organisation trees get the people of their units from the employees module (decision 030).
  const organisation = organisationModule({ db: database.db, people: employees.organisationPeople });
  const mail = mailModule({ db: database.db, settings: settings.service });
  const documents = documentsModule({ db: database.db, filesDir: config.filesDir });
  const hazardBricks = hazardBricksModule({ db: database.db });
  const actions = actionsModule({ db: database.db, settings: settings.service });
  employees.deletionGuards.push(actions.employeeDeletionGuard);
  // Checklists: builder, formulas and filling (decisions 052, 053); task cells create actions and document
  // management cells attach documents to the filled checklist (decision 061).
  // SQL cells run through the report sandbox (created below; called only while serving requests).
  const checklists = checklistsModule({
    db: database.db,
    settings: settings.service,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
    ...(options.now ? { now: options.now } : {}),
    actions: actions.service,
    sql: {
      checkQuery: (text) => reports.service.checkQuery(text),
      firstValue: (actor, text) => reports.service.firstValue(actor, text),
    },
  });
  registerChecklistWiring({ checklists: checklists.service, actions, documents });
  // The hazardous substances register (decision 046); the data-sheet release links a checklist (054).
  const substances = substancesModule({
    db: database.db,
    settings: settings.service,
    documents,
    checklists,
    ...(options.now ? { now: options.now } : {}),
  });
  const nohlCriteria = nohlCriteriaModule({ db: database.db });
  const factorMenus = factorMenusModule({ db: database.db });
  const instructions = instructionsModule({
    db: database.db,
    // The reports module is made below; the logo is read at print time (decision 073).
    print: {
      companyName: async () => (await settings.service.read(systemSettings)).companyName,
      logo: () => reports.logo(),
    },
    ...(options.now ? { now: options.now } : {}),
  });
  // Completed instructions are the employer's proof: they block deleting the employee (decision 036).
  employees.deletionGuards.push(instructions.employeeDeletionGuard);
  // Instruction profiles follow employees' activities, roles, units and active flag (decision 040).
  employees.changeHooks.push(instructions.employeesChanged);
  activities.changeHooks.push(instructions.employeesChanged);
  // Profiles that also apply to sub-units follow a moved location or department (decision 045).
  organisation.movedHooks.push(instructions.unitMoved);
  // The daily reminders of due and overdue instructions, with the escalation to supervisors (decision 042).
  const instructionReminders = instructionRemindersModule({
    db: database.db,
    settings: settings.service,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
  });
  const hazardAnalysis = hazardAnalysisModule({
    db: database.db,
    organisation,
    hazardBricks,
    criteria: (ex) => nohlCriteria.service.read(ex),
    factorMenus,
    actions,
    substances,
  });
  // Hazards link hazardous substances; a substance used by a hazard is neither inactivated nor deleted (054).
  substances.usage.register('hazard', hazardAnalysis.service.substanceUsage);
  // Wiring of issue 6 (decision 021, Wiring): actions on hazards (brick measures adopted on request; removing a
  // hazard deletes its open actions and is refused while any is done; an assessment with actions is not
  // deleted — in the service).
  actions.sources.register(HAZARD_ACTION_SOURCE, hazardAnalysis.service.hazardActionSource);
  registerAnalysisTaskHooks(hazardAnalysis.hooks);
  // Documents on assessments and their document tasks (decision 021, Documents and document tasks).
  registerAnalysisDocuments({ documents, hazardAnalysis });
  // Documents of instruction topics (decision 043).
  registerTopicDocuments({ documents, deletionGuards: instructions.deletionGuards });
  factorMenus.usageGuards.push(hazardAnalysis.service.factorMenuUsageGuard);
  // Collections, questionnaire types, questionnaires and the assessments' route (decision 058).
  const questionnaires = questionnairesModule({
    db: database.db,
    checklists,
    hazardAnalysis,
    settings: settings.service,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
    // The reports module is made just below; the logo is read at print time.
    logo: () => reports.logo(),
    ...(options.now ? { now: options.now } : {}),
  });
  const reports = reportsModule({
    db: database.db,
    kind: database.kind,
    settings: settings.service,
    log: (message) => app.log.warn(message),
    // The operator's logo for report PDFs, like custom.css: DATA_DIR/logo.png or DATA_DIR/logo.jpg.
    logo: async () => {
      for (const name of ['logo.png', 'logo.jpg']) {
        const file = path.join(config.dataDir, name);
        if (fs.existsSync(file)) return fs.promises.readFile(file);
      }
      return null;
    },
  });
  const hazardAnalysisPrint = hazardAnalysisPrintModule({
    db: database.db,
    hazardAnalysis,
    criteria: (ex) => nohlCriteria.service.read(ex),
    settings: settings.service,
    reports,
  });
  // A topic's presentation and its questions' images live in the documents' file store (decision 044).
  const topicFiles: MediaFiles = {
    receive: documents.files.receive,
    commit: documents.files.commit,
    discard: documents.files.discard,
    exists: documents.files.exists,
    open: documents.files.open,
    register: documents.repository.ensureStoredFile,
  };
  const topicMedia = topicMediaModule({ db: database.db, files: topicFiles, topics: instructions.service });
  // The run-through of instructions reads the portal's settings tab „Unterweisungen“ (decision 041).
  const instructionRun = instructionRunModule({
    db: database.db,
    settings: instructionSettings,
    system: (ex) => settings.service.read(systemSettings, ex),
    logo: reports.logo,
    files: topicFiles,
    ...(options.now ? { now: options.now } : {}),
  });
  // External instructions at the public kiosk (decision 074): images in the same store, the report frame's PDF.
  const externalInstructions = externalInstructionsModule({
    db: database.db,
    files: topicFiles,
    system: (ex) => settings.service.read(systemSettings, ex),
    logo: reports.logo,
    ...(options.now ? { now: options.now } : {}),
  });
  // SCORM packages as topic content (decision 068): zips in the same store, unpacked beside it.
  const scorm = scormModule({
    db: database.db,
    files: { ...topicFiles, root: documents.files.root, pathOf: documents.files.pathOf },
    settings: instructionSettings,
    ...(options.now ? { now: options.now } : {}),
  });
  // Accident reports and the first-aid book (decision 047): photos through the documents' attach API.
  const accidents = accidentsModule({
    db: database.db,
    settings: settings.service,
    logo: reports.logo,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
    checklists: checklists.service,
    ...(options.now ? { now: options.now } : {}),
  });
  registerAccidentDocuments({ documents });
  // Investigation measures are actions of the report; step 6's checklist is linked to it (decision 056).
  actions.sources.register(ACCIDENT_ACTION_SOURCE, accidents.actionSource);
  checklists.service.registerLink('accidents', accidents.checklistLink);
  // Approval processes (decision 059): checklists linked to audits, findings as actions, mails, the print.
  const auditsM = auditsModule({
    db: database.db,
    checklists: checklists.service,
    checklistPrint: checklists.workflow,
    actions,
    settings: settings.service,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
    logo: reports.logo,
    ...(options.now ? { now: options.now } : {}),
  });
  employees.deletionGuards.push(auditsM.employeeDeletionGuard);
  // Appointments: time windows, booking with iCalendar mails, calendar (decision 060).
  const appointments = appointmentsModule({
    db: database.db,
    settings: settings.service,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
    ...(options.now ? { now: options.now } : {}),
  });
  // Occupational-medical precaution (decision 057).
  const occupationalMedicine = occupationalMedicineModule({
    db: database.db,
    settings: settings.service,
    // A recorded check-up completes the booked appointment of its item (decision 072).
    appointments: appointments.checkups,
    mail: { render: renderTemplateMail, enqueue: enqueueMail },
    ...(options.now ? { now: options.now } : {}),
  });
  // The coordinators of due precautions get the instruction reminders' check-up items too (decision 072).
  instructionReminders.hooks.push(occupationalMedicine.reminderHook);
  // The works doctor (decision 063): its own sign-in on top of the local one, and its restricted view.
  const worksDoctor = worksDoctorModule({
    db: database.db,
    loginLocal: (input, meta) => auth.service.loginLocal(input, meta),
    sessions,
    deviceCookies,
    // The doctor records check-ups through the precautions' own recording (decision 072).
    recordCheckup: occupationalMedicine.service.recordCheckup,
    ...(options.now ? { now: options.now } : {}),
  });
  for (const module of [
    healthModule(database),
    auth,
    sso,
    employees,
    roles,
    portals,
    activities,
    organisation,
    settings,
    mail,
    documents,
    reports,
    hazardBricks,
    hazardAnalysis,
    nohlCriteria,
    factorMenus,
    actions,
    hazardAnalysisPrint,
    instructions,
    topicMedia,
    instructionRun,
    externalInstructions,
    scorm,
    substances,
    accidents,
    appointments,
    checklists,
    questionnaires,
    auditsM,
    occupationalMedicine,
    worksDoctor,
  ])
    await module.register(app);
  const employeeImport = employeeImportModule({
    db: database.db,
    installationLicence: (ex) => installationLicence(ex, settings.service),
    passwordPolicy,
    mail: emailChangedMail,
    settings: settings.service,
  });
  employeeImport.changeHooks.push(instructions.employeesChanged);
  await employeeImport.register(app);
  // The scheduler runs the jobs the modules export (job interface: modules/scheduler/job.ts).
  const jobs: JobDefinition[] = [
    ...auth.jobs,
    ...mail.jobs,
    ...actions.jobs,
    ...instructionReminders.jobs,
    ...externalInstructions.jobs,
    ...occupationalMedicine.jobs,
    ...accidents.jobs,
    ...(options.jobs ?? []),
  ];
  await schedulerModule({
    db: database.db,
    jobs,
    enabled: config.scheduler,
    singleProcess: database.kind === 'pglite',
    onError: (error, context) => app.log.error({ err: error }, `scheduler: ${context}`),
  }).register(app);

  app.get('/api/docs', { config: { access: publicRoute }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  // The operator's own stylesheet (DATA_DIR/custom.css), empty when none is provided.
  app.get('/custom.css', async (_request, reply) => {
    const file = path.join(config.dataDir, 'custom.css');
    const css = fs.existsSync(file) ? await fs.promises.readFile(file, 'utf8') : '';
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css);
  });

  const webDist = config.webDist ?? defaultWebDist;
  const indexHtml = path.join(webDist, 'index.html');
  if (fs.existsSync(indexHtml)) {
    // The file list is read at start-up (assets carry a content hash); a rebuilt web app needs a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes name.br / name.gz beside each file (apps/web/vite.config.ts): served as they are.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Files under assets/ carry a content hash in their name: cached for a year, never revalidated.
        // Everything else (index.html, the favicon) is revalidated on every load.
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Diese Schnittstelle gibt es nicht.'));
    }
    // The web app routes in the browser: every other GET gets index.html (assets carry a hash in their name).
    if (request.method === 'GET' && fs.existsSync(indexHtml) && !url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Nicht gefunden');
  });

  return app;
}
