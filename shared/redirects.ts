/**
 * The spec's redirect table (product-screens-and-session.md §2), defined once. Read by the
 * CloudFront Function (infra/web) and by the local gateway (infra/local/gateway.ts).
 */
export const REDIRECTS: Record<string, string> = {
  '/ai/recommendations': '/ai-insights',
  '/ai/maintenance-predictions': '/ai-insights',
  '/fleet-health': '/fleet-analytics',
  '/branding': '/company-settings?tab=branding',
  '/profile': '/company-settings?tab=profile',
  '/settings': '/company-settings?tab=preferences',
  '/security': '/company-settings?tab=security',
  '/login': '/auth',
  '/company-registration': '/auth',
};
