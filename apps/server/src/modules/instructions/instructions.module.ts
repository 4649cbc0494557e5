import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { instructionSettings } from '#modules/settings/index.ts';
import { assignmentsRepository } from './assignments.repository.ts';
import { assignmentsRoutes } from './assignments.routes.ts';
import { createAssignmentsService } from './assignments.service.ts';
import { evaluationsRepository } from './evaluations.repository.ts';
import { evaluationsRoutes } from './evaluations.routes.ts';
import { createEvaluationsService } from './evaluations.service.ts';
import { evaluationsDashboardRepository } from './evaluations-dashboard.repository.ts';
import { evaluationsDashboardRoutes } from './evaluations-dashboard.routes.ts';
import { createEvaluationsDashboardService } from './evaluations-dashboard.service.ts';
import { effectivenessRepository } from './evaluations-effectiveness.repository.ts';
import { effectivenessRoutes } from './evaluations-effectiveness.routes.ts';
import { createEffectivenessService } from './evaluations-effectiveness.service.ts';
import { evaluationsTabsRepository } from './evaluations-tabs.repository.ts';
import { evaluationsTabsRoutes } from './evaluations-tabs.routes.ts';
import { createEvaluationsTabsService } from './evaluations-tabs.service.ts';
import { groupFeedbackRepository } from './group-feedback.repository.ts';
import { groupFeedbackRoutes } from './group-feedback.routes.ts';
import { createGroupFeedbackService } from './group-feedback.service.ts';
import { instructionsRepository } from './instructions.repository.ts';
import { instructionsRoutes } from './instructions.routes.ts';
import { createInstructionsService, type TopicDeletionGuard } from './instructions.service.ts';
import { profilesRepository } from './profiles.repository.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { createProfilesService } from './profiles.service.ts';
import { removalsRepository } from './removals.repository.ts';
import { topicsTransferRepository } from './topics-transfer.repository.ts';
import { topicsTransferRoutes } from './topics-transfer.routes.ts';
import { createTopicsTransfer } from './topics-transfer.ts';

/**
 * Instructions (Unterweisungen, decision 036): topics with their questions, and assignments. `deletionGuards`
 * refuse deleting a topic (its assignments are the first); `employeeDeletionGuard` is handed to the employees
 * module in app.ts (completed instructions block deleting an employee).
 */
export function instructionsModule(deps: {
  db: Db;
  /** The company name and the operator's logo of the evaluations' and the attendance record's PDFs (073, 079). */
  print: { companyName: () => Promise<string>; logo: () => Promise<Buffer | null> };
  now?: () => Date;
}) {
  const assignments = createAssignmentsService({
    db: deps.db,
    repository: assignmentsRepository,
    topics: instructionsRepository,
    removals: removalsRepository,
    settings: instructionSettings,
    ...(deps.now ? { now: deps.now } : {}),
  });
  // Profiles, exception lists and the matrix (decision 040).
  const profiles = createProfilesService({
    db: deps.db,
    repository: profilesRepository,
    assignments: assignmentsRepository,
  });
  const deletionGuards: TopicDeletionGuard[] = [assignments.topicDeletionGuard, profiles.topicDeletionGuard];
  const service = createInstructionsService({
    db: deps.db,
    repository: instructionsRepository,
    deletionGuards,
  });
  // Export and import of topics with their questions (decision 043).
  const transfer = createTopicsTransfer({
    db: deps.db,
    repository: topicsTransferRepository,
    topics: instructionsRepository,
  });
  // Group feedback: a supervisor confirms an instruction given in person (decision 069).
  const groupFeedback = createGroupFeedbackService({
    db: deps.db,
    repository: groupFeedbackRepository,
    assignments: assignmentsRepository,
    print: deps.print,
    ...(deps.now ? { now: deps.now } : {}),
  });
  // Evaluations: key figures, completion rates, the overdue list, XLSX and PDF (decision 073).
  const evaluations = createEvaluationsService({
    db: deps.db,
    repository: evaluationsRepository,
    print: deps.print,
    ...(deps.now ? { now: deps.now } : {}),
  });
  // The effectiveness review of topics on the evaluations page (decision 075).
  const effectiveness = createEffectivenessService({
    db: deps.db,
    repository: effectivenessRepository,
    statistics: evaluations.statistics,
    print: deps.print,
    ...(deps.now ? { now: deps.now } : {}),
  });
  // Evaluations dashboard: figures of a range ending today, trend, most overdue (decision 077).
  const evaluationsDashboard = createEvaluationsDashboardService({
    db: deps.db,
    repository: evaluationsDashboardRepository,
    evaluations: evaluationsRepository,
    print: deps.print,
    ...(deps.now ? { now: deps.now } : {}),
  });
  // Evaluations tabs master data, employee info and profiles (decision 076).
  const evaluationsTabs = createEvaluationsTabsService({
    db: deps.db,
    repository: evaluationsTabsRepository,
    print: deps.print,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return {
    service,
    assignments,
    deletionGuards,
    employeeDeletionGuard: assignments.employeeDeletionGuard,
    /** Handed to the people modules in app.ts: changed employees' assignments follow their profiles. */
    employeesChanged: profiles.employeesChanged,
    /** The organisation's move hook: profiles matching sub-units follow a moved branch (decision 045). */
    unitMoved: profiles.unitMoved,
    async register(app: FastifyInstance) {
      await app.register(instructionsRoutes(service), { prefix: '/api' });
      await app.register(assignmentsRoutes(assignments), { prefix: '/api' });
      await app.register(profilesRoutes(profiles), { prefix: '/api' });
      await app.register(topicsTransferRoutes(transfer), { prefix: '/api' });
      await app.register(groupFeedbackRoutes(groupFeedback), { prefix: '/api' });
      await app.register(evaluationsRoutes(evaluations), { prefix: '/api' });
      await app.register(effectivenessRoutes(effectiveness), { prefix: '/api' });
      await app.register(evaluationsDashboardRoutes(evaluationsDashboard), { prefix: '/api' });
      await app.register(evaluationsTabsRoutes(evaluationsTabs), { prefix: '/api' });
    },
  };
}
