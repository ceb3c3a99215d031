import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REDIRECTS } from '../../shared/redirects';

/**
 * 302, not 301: browsers cache a 301 forever, so if one of these paths later becomes a real page
 * (the spec's table has changed before) visitors who once followed it could never reach it.
 */
export const REDIRECT_STATUS = 302;

const TEMPLATE = join(dirname(fileURLToPath(import.meta.url)), 'viewer-request.js');

/** The CloudFront Function source with the redirect table of shared/redirects.ts filled in. */
export function buildViewerRequestCode(redirects: Record<string, string> = REDIRECTS): string {
  const template = readFileSync(TEMPLATE, 'utf8');
  for (const placeholder of ['__REDIRECTS__', '__REDIRECT_STATUS__']) {
    if (!template.includes(placeholder)) throw new Error(`viewer-request.js lost its ${placeholder} placeholder`);
  }
  return template
    .replace('__REDIRECTS__', () => JSON.stringify(redirects))
    .replace('__REDIRECT_STATUS__', String(REDIRECT_STATUS));
}
