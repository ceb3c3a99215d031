/**
 * What other domains may use from security: sign-in (auth) reads the company's geo access rules
 * and scores each sign-in (devices, risk); business areas report risky actions into the same
 * feed with one call (`recordRiskyAction`); jobs run the weekly security report.
 */
export { judgeCountry, readGeoRules, putGeoRules, type GeoVerdict } from './geo';
export { assessSignin, recordSignin, signinSucceeded, recordRiskyAction, type SigninAssessment, type SigninWhere, type RiskyAction } from './risk';
export { runSecurityReports, recordCompanyJobRun, jobRunOf } from './report';
