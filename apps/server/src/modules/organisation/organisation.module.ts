import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { OrganisationPeoplePort, UnitMovedHook } from './organisation.ports.ts';
import { organisationRepository } from './organisation.repository.ts';
import { organisationRoutes } from './organisation.routes.ts';
import { createOrganisationService } from './organisation.service.ts';

/** Locations and departments trees. */
export function organisationModule(deps: {
  db: Db;
  /** The people of the units: the employees module's implementation (wiring in app.ts, decision 030). */
  people: OrganisationPeoplePort;
}) {
  const repository = organisationRepository;
  const movedHooks: UnitMovedHook[] = [];
  const service = createOrganisationService({ db: deps.db, repository, people: deps.people, movedHooks });
  return {
    /** Called in the transaction of a move (higher modules push theirs in app.ts, decision 045). */
    movedHooks,
    repository,
    service,
    /** Handed on to modules that compute an actor's scope themselves (hazard analysis: the anchors). */
    people: deps.people,
    register: (app: FastifyInstance) => app.register(organisationRoutes(service), { prefix: '/api' }),
  };
}
