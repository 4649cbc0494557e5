import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { OrganisationPeoplePort } from './organisation.ports.ts';
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
  const service = createOrganisationService({ db: deps.db, repository, people: deps.people });
  return {
    repository,
    service,
    /** Handed on to modules that compute an actor's scope themselves (hazard analysis: the anchors). */
    people: deps.people,
    register: (app: FastifyInstance) => app.register(organisationRoutes(service), { prefix: '/api' }),
  };
}
