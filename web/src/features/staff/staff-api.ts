/**
 * Staff feature: paths and writes. Lists, errors and invalidation use the web kit
 * (web/src/KIT.md); the catalog area and the staff message constants register here, lazily,
 * with the /staff page.
 */
import { addArea } from '../../../../shared/i18n';
import { staff as staffCatalog } from '../../../../shared/i18n/staff';
import {
  STAFF_MESSAGES,
  STAFF_SERVER_MESSAGES,
  type CreateStaffInput,
  type StaffMember,
  type UpdateStaffInput,
} from '../../../../shared/schemas/staff';
import { apiPath, apiStem, callApi } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';
import { AUTH_MESSAGES } from '../../../../shared/schemas/auth-messages';

addArea('staff', staffCatalog);
registerMessages('staff.msg', STAFF_MESSAGES);
registerMessages('staff.msg', STAFF_SERVER_MESSAGES);
// Issue 31: a password among the most common (the auth area's message, in both languages).
registerMessages('auth.validation', { passwordCommon: AUTH_MESSAGES.passwordCommon });

export type { StaffMember };

export const STAFF_PATH = apiStem('listStaff');
/** Companies have tens of staff: one page of 100 covers them; "load more" handles the rest. */
export const STAFF_PAGE_SIZE = 100;
const ACTIONS = { suspend: 'suspendStaff', unsuspend: 'unsuspendStaff', activate: 'activateStaff' } as const;

export const staffApi = {
  create: (body: CreateStaffInput) => callApi<'createStaff', StaffMember>('createStaff', { body }),
  update: (id: string, body: UpdateStaffInput) =>
    callApi<'updateStaff', StaffMember>('updateStaff', { params: { id }, body }),
  action: (id: string, action: keyof typeof ACTIONS) =>
    callApi<(typeof ACTIONS)[typeof action], StaffMember>(ACTIONS[action], { params: { id }, body: {} }),
  remove: (id: string) => callApi('deleteStaff', { params: { id } }),
};
