/**
 * Security monitoring and admin tools: paths and writes (web kit, KIT.md). The catalog areas and
 * the security message constants register here, lazily, with the pages.
 */
import { addArea } from '../../../../shared/i18n';
import { admin as adminCatalog, security as securityCatalog } from '../../../../shared/i18n/security';
import { MFA_MESSAGES, PASSWORD_CHANGE_MESSAGES, SECURITY_MESSAGES, type GeoRule, type GeoRuleBody, type TenantRow } from '../../../../shared/schemas/security';
import { api, apiRequest } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';

addArea('security', securityCatalog);
addArea('admin', adminCatalog);
registerMessages('security.msg', SECURITY_MESSAGES);
registerMessages('security.msg', MFA_MESSAGES);
registerMessages('security.msg', PASSWORD_CHANGE_MESSAGES);

export const AUDIT_PATH = '/api/v1/security/audit';
export const SIGNINS_PATH = '/api/v1/security/signins';
export const GEO_RULES_PATH = '/api/v1/security/geo-rules';
export const TENANTS_PATH = '/api/v1/admin/tenants';
export const SESSIONS_PATH = '/api/v1/security/sessions';
export const MFA_PATH = '/api/v1/auth/mfa';
export const DEVICES_PATH = '/api/v1/security/devices';
export const RISK_PATH = '/api/v1/security/risk';
export const REPORTS_PATH = '/api/v1/security/reports';
export const JOB_RUNS_PATH = '/api/v1/jobs/runs';
export const PLATFORM_JOBS_PATH = '/api/v1/admin/jobs';

export const securityApi = {
  saveGeoRule: (body: GeoRuleBody | { country: string; action: 'remove' }) => api.post<{ items: GeoRule[] }>(GEO_RULES_PATH, body),
  unlock: (username: string) => api.post(`/api/v1/security/lockouts/${encodeURIComponent(username)}/unlock`, {}),
  revokeSession: (id: string) => api.post(`${SESSIONS_PATH}/${encodeURIComponent(id)}/revoke`, {}),
  mfaSetup: () => api.post<{ secret: string; otpauthUri: string; qrCode: string }>(`${MFA_PATH}/setup`, {}),
  mfaVerify: (code: string) => api.post<{ recoveryCodes: string[] }>(`${MFA_PATH}/verify`, { code }),
  mfaDisable: (code: string) => apiRequest('DELETE', MFA_PATH, { code }),
  changePassword: (body: { currentPassword: string; newPassword: string }) => api.post<{ signedOut: number }>('/api/v1/auth/password', body),
  deviceAction: (id: string, action: 'trust' | 'block') => api.post(`${DEVICES_PATH}/${encodeURIComponent(id)}/${action}`, {}),
  tenantAction: (id: string, action: 'suspend' | 'reactivate', reason: string) => api.post<TenantRow>(`${TENANTS_PATH}/${encodeURIComponent(id)}/${action}`, { reason }),
};
