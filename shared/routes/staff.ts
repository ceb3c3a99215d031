import * as z from 'zod';
import { routeMaker } from './types';
import { createStaffSchema, listStaffQuery, staffIdParams, updateStaffSchema } from '../schemas/staff';

const route = routeMaker('staff');

/**
 * Staff management (DESIGN.md §6: OWNER edits all, ADMIN all but an OWNER; STAFF and MECHANIC no
 * access). Every mutation is refused to the shared demo account.
 */
const member = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  status: z.string(),
  inviteStatus: z.string(),
  lastActiveAt: z.string().nullable(),
  version: z.number(),
});

/** The status actions (suspend, unsuspend, activate): POST /api/v1/staff/{id}/{verb}. */
const action = <const Op extends string>(operationId: Op, verb: string, summary: string) =>
  route({
    operationId,
    method: 'POST',
    path: `/api/v1/staff/{id}/${verb}`,
    ability: 'staffEdit',
    blockDemo: true,
    summary,
    request: { params: staffIdParams },
    response: member,
  });

export const staffRoutes = [
  route({
    operationId: 'listStaff',
    method: 'GET',
    path: '/api/v1/staff',
    ability: 'staffRead',
    summary: "The company's staff with role and status",
    request: { query: listStaffQuery },
    response: z.object({ items: z.array(member), nextCursor: z.string().nullable() }),
  }),
  route({
    operationId: 'createStaff',
    method: 'POST',
    path: '/api/v1/staff',
    ability: 'staffEdit',
    blockDemo: true,
    summary: 'Adds a staff member with a sign-in (active, or pending invite)',
    request: { body: createStaffSchema },
    response: member,
  }),
  route({
    operationId: 'getStaff',
    method: 'GET',
    path: '/api/v1/staff/{id}',
    ability: 'staffRead',
    summary: 'One staff member',
    request: { params: staffIdParams },
    response: member,
  }),
  route({
    operationId: 'updateStaff',
    method: 'PATCH',
    path: '/api/v1/staff/{id}',
    ability: 'staffEdit',
    blockDemo: true,
    summary: 'Changes role, names or e-mail (the last OWNER cannot be demoted)',
    request: { params: staffIdParams, body: updateStaffSchema },
    response: member,
  }),
  action('suspendStaff', 'suspend', 'Suspends a staff member: their very next request is refused'),
  action('unsuspendStaff', 'unsuspend', 'Lifts a suspension'),
  action('activateStaff', 'activate', 'Activates a pending invite'),
  route({
    operationId: 'deleteStaff',
    method: 'DELETE',
    path: '/api/v1/staff/{id}',
    ability: 'staffEdit',
    blockDemo: true,
    summary: 'Removes a staff member (archived, sign-in deleted; the last OWNER cannot be removed)',
    request: { params: staffIdParams },
    response: z.undefined(),
  }),
];
