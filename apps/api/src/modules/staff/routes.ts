import { addStaffRequest, changeStaffRoleRequest, staffMember, staffScan } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './service';

const eventParams = z.object({ id: z.string().max(64) });
const memberParams = eventParams.extend({ userId: z.string().max(64) });

/** The staff tab of the console (2-organiser.md §2.6): the event's verified organiser and the administrator. */
export const staffRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/staff',
    { schema: { params: eventParams, response: { 200: z.array(staffMember) } }, ...access('user') },
    async (request) => service.listStaff(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/staff',
    {
      schema: { params: eventParams, body: addStaffRequest, response: { 201: staffMember } },
      // Each addition e-mails someone: limited like the other routes that send mail.
      ...access('user', { perWindow: 3, minutes: 10, perTarget: { perWindow: 3, minutes: 60 } }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addStaff(deps, request.user, request.params.id, request.body.email, request.body.role)),
  );

  app.patch(
    '/console/events/:id/staff/:userId',
    { schema: { params: memberParams, body: changeStaffRoleRequest }, ...access('user') },
    async (request, reply) => {
      await service.changeStaffRole(deps, request.user, request.params.id, request.params.userId, request.body.role);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/console/events/:id/staff/:userId',
    { schema: { params: memberParams }, ...access('user') },
    async (request, reply) => {
      await service.removeStaff(deps, request.user, request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/console/events/:id/staff/:userId/scans',
    { schema: { params: memberParams, response: { 200: z.array(staffScan) } }, ...access('user') },
    async (request) => service.listScansBy(deps, request.user, request.params.id, request.params.userId),
  );
};
