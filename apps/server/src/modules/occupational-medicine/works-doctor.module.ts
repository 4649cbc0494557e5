import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import type { DeviceCookies } from '#platform/device-cookies.ts';
import { worksDoctorRepository } from './works-doctor.repository.ts';
import { worksDoctorRoutes } from './works-doctor.routes.ts';
import { createWorksDoctorService } from './works-doctor.service.ts';

type ServiceDeps = Parameters<typeof createWorksDoctorService>[0];

/** The works doctor: login, restricted view, administration (decision 063). */
export function worksDoctorModule(deps: {
  db: Db;
  loginLocal: ServiceDeps['loginLocal'];
  sessions: ServiceDeps['sessions'];
  deviceCookies: DeviceCookies;
  recordCheckup: ServiceDeps['recordCheckup'];
  now?: () => Date;
}) {
  const service = createWorksDoctorService({ ...deps, repository: worksDoctorRepository });
  return {
    service,
    register: (app: FastifyInstance) =>
      app.register(worksDoctorRoutes(service, deps.deviceCookies), { prefix: '/api' }),
  };
}
