/**
 * What other domains may use from security: sign-in (auth) reads the company's geo access rules
 * and scores each sign-in (devices, risk); business areas report risky actions into the same
 * feed with one call (`recordRiskyAction`); jobs record their runs per company. The weekly
 * security report (which reads the tenant directory through auth) is functions/security-report (tier 7).
 */
export { judgeCountry, readGeoRules, putGeoRules, type GeoVerdict } from './geo';
export {
  assessSignin,
  recordSignin,
  signinSucceeded,
  recordRiskyAction,
  type SigninAssessment,
  type SigninWhere,
  type RiskyAction,
} from './risk';
export { recordCompanyJobRun, jobRunOf, RUN_TTL_DAYS } from './job-runs';
