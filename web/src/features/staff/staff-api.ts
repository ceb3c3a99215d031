/**
 * Staff feature: paths and writes. Lists, errors and invalidation use the web kit
 * (web/src/KIT.md); the catalog area and the staff message constants register here, lazily,
 * with the /staff page.
 */
import { addArea } from '../../../../shared/i18n';
import { staff as staffCatalog } from '../../../../shared/i18n/staff';
import { STAFF_MESSAGES, STAFF_SERVER_MESSAGES, type CreateStaffInput, type StaffMember, type UpdateStaffInput } from '../../../../shared/schemas/staff';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';

addArea('staff', staffCatalog);
registerMessages('staff.msg', STAFF_MESSAGES);
registerMessages('staff.msg', STAFF_SERVER_MESSAGES);

export type { StaffMember };

export const STAFF_PATH = '/api/v1/staff';
/** Companies have tens of staff: one page of 100 covers them; "load more" handles the rest. */
export const STAFF_PAGE_SIZE = 100;
const memberPath = (id: string) => `${STAFF_PATH}/${encodeURIComponent(id)}`;

export const staffApi = {
  create: (body: CreateStaffInput) => api.post<StaffMember>(STAFF_PATH, body),
  update: (id: string, body: UpdateStaffInput) => api.patch<StaffMember>(memberPath(id), body),
  action: (id: string, action: 'suspend' | 'unsuspend' | 'activate') => api.post<StaffMember>(`${memberPath(id)}/${action}`, {}),
  remove: (id: string) => api.delete(memberPath(id)),
};
