import type { RouteDef } from './types';
import { routeKey } from './types';
import { platformRoutes } from './platform';
import { settingsRoutes } from './settings';
import { vehiclesRoutes } from './vehicles';
import { rentalsRoutes } from './rentals';
import { authRoutes } from './auth';
import { staffRoutes } from './staff';
import { customersRoutes } from './customers';
import { blacklistRoutes } from './blacklist';
import { accountingRoutes } from './accounting';
import { lockoutRoutes, securityRoutes } from './security';
import { adminRoutes } from './admin';
import { accountRoutes } from './account';
import { paymentsRoutes } from './payments';
import { invoicesRoutes } from './invoices';
import { financeRoutes } from './finance';
import { documentsRoutes } from './documents';
import { maintenanceRoutes } from './maintenance';
import { ticketsRoutes } from './tickets';
import { alertRulesRoutes, alertsRoutes } from './alerts';
import { gpsRoutes } from './gps';
import { collectionsRoutes } from './collections';
import { fleetHealthRoutes } from './fleet-health';
import { analyticsRoutes } from './analytics';
import { insightsRoutes } from './insights';
import { einvoicingRoutes } from './einvoicing';

export * from './types';

/**
 * The one route table. Each domain keeps its own file in this folder; add it here.
 */
const ROUTE_GROUPS = [
  platformRoutes,
  settingsRoutes,
  vehiclesRoutes,
  rentalsRoutes,
  authRoutes,
  staffRoutes,
  customersRoutes,
  blacklistRoutes,
  accountingRoutes,
  invoicesRoutes,
  paymentsRoutes,
  documentsRoutes,
  maintenanceRoutes,
  ticketsRoutes,
  alertsRoutes,
  alertRulesRoutes,
  financeRoutes,
  gpsRoutes,
  collectionsRoutes,
  fleetHealthRoutes,
  securityRoutes,
  lockoutRoutes,
  adminRoutes,
  accountRoutes,
  analyticsRoutes,
  insightsRoutes,
  einvoicingRoutes,
] as const;
export const ROUTES: RouteDef[] = ROUTE_GROUPS.flat();
/** Every route with its literal operationId and schema types (the web client's types: web/src/lib/api-client.ts). */
export type TypedRoute = (typeof ROUTE_GROUPS)[number][number];

export function routesOf(domain: RouteDef['domain']): RouteDef[] {
  return ROUTES.filter((r) => r.domain === domain);
}

export function domainsInUse(): RouteDef['domain'][] {
  return [...new Set(ROUTES.map((r) => r.domain))];
}

export function findRouteByKey(key: string): RouteDef | undefined {
  return ROUTES.find((r) => routeKey(r) === key);
}
