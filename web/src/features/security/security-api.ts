/**
 * Security monitoring and admin tools: paths and writes (web kit, KIT.md). The catalog areas and
 * the security message constants register here, lazily, with the pages.
 */
import { addArea } from '../../../../shared/i18n';
import { admin as adminCatalog, security as securityCatalog } from '../../../../shared/i18n/security';
import {
  MFA_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  SECURITY_MESSAGES,
  type GeoRule,
  type GeoRuleBody,
  type TenantRow,
} from '../../../../shared/schemas/security';
import { apiPath, apiStem, callApi } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';
import { AUTH_MESSAGES } from '../../../../shared/schemas/auth-messages';

addArea('security', securityCatalog);
addArea('admin', adminCatalog);
registerMessages('security.msg', SECURITY_MESSAGES);
registerMessages('security.msg', MFA_MESSAGES);
registerMessages('security.msg', PASSWORD_CHANGE_MESSAGES);
// Issue 31: the new password among the most common (the auth area's message, in both languages).
registerMessages('auth.validation', { passwordCommon: AUTH_MESSAGES.passwordCommon });

export const AUDIT_PATH = apiPath('auditLog');
export const SIGNINS_PATH = apiPath('signins');
export const GEO_RULES_PATH = apiPath('listGeoRules');
export const TENANTS_PATH = apiStem('listTenants');
export const SESSIONS_PATH = apiStem('listSessions');
export const MFA_PATH = apiPath('mfaStatus');
export const DEVICES_PATH = apiStem('listDevices');
export const RISK_PATH = apiPath('riskFeed');
export const REPORTS_PATH = apiPath('securityReports');
export const JOB_RUNS_PATH = apiPath('jobRuns');
export const PLATFORM_JOBS_PATH = apiPath('platformJobRuns');
const DEVICE_ACTIONS = { trust: 'trustDevice', block: 'blockDevice' } as const;
const TENANT_ACTIONS = { suspend: 'suspendTenant', reactivate: 'reactivateTenant' } as const;

export const securityApi = {
  saveGeoRule: (body: GeoRuleBody | { country: string; action: 'remove' }) =>
    callApi<'saveGeoRule', { items: GeoRule[] }>('saveGeoRule', { body }),
  unlock: (username: string) => callApi('unlockUser', { params: { username }, body: {} }),
  revokeSession: (id: string) => callApi('revokeSession', { params: { id }, body: {} }),
  mfaSetup: () => callApi<'mfaSetup', { secret: string; otpauthUri: string; qrCode: string }>('mfaSetup', { body: {} }),
  mfaVerify: (code: string) => callApi<'mfaVerify', { recoveryCodes: string[] }>('mfaVerify', { body: { code } }),
  mfaDisable: (code: string) => callApi('mfaDisable', { body: { code } }),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    callApi<'changePassword', { signedOut: number }>('changePassword', { body }),
  deviceAction: (id: string, action: keyof typeof DEVICE_ACTIONS) =>
    callApi(DEVICE_ACTIONS[action], { params: { id }, body: {} }),
  tenantAction: (id: string, action: keyof typeof TENANT_ACTIONS, reason: string) =>
    callApi<(typeof TENANT_ACTIONS)[typeof action], TenantRow>(TENANT_ACTIONS[action], {
      params: { id },
      body: { reason },
    }),
};
