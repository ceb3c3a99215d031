/**
 * What other domains may use from security: sign-in (auth) reads the company's geo access rules.
 */
export { judgeCountry, readGeoRules, putGeoRules, type GeoVerdict } from './geo';
