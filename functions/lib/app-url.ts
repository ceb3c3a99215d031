/**
 * The app's public origin for links in emails and PDFs (issue 27). Minimal version: APP_URL as
 * configured (the CDK app and the local runner set it), else the local default. Helper docs27
 * owns the full version (same name); this file is a placeholder for a trivial merge.
 */
export function appUrl(): string {
  return (process.env.APP_URL || 'http://localhost:3000').replace(/\/$/, '');
}
