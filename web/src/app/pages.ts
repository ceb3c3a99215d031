/**
 * THE PAGE REGISTRY: route path → lazily imported page, one line each.
 *
 * To build a page, replace the file it points to (e.g. features/vehicles/VehiclesPage.tsx)
 * and keep its default export; nothing else changes. To add a route, add one line here.
 * Authenticated pages name the ability (shared/permissions.ts) a role needs to open them;
 * without it the layout shows "Access Restricted" (the API enforces the same matrix).
 */
import type { Ability } from '../../../shared/permissions';
import { lazyPage, type LazyPage, type PageLoader } from './lazy-page';

/** Public pages: no sign-in needed. */
const PUBLIC: Record<string, PageLoader> = {
  '/': () => import('../features/landing/LandingPage'),
  '/auth': () => import('../features/auth/AuthPage'),
  '/referral': () => import('../features/legal/ReferralPage'),
  '/contact': () => import('../features/legal/ContactPage'),
  '/privacy': () => import('../features/legal/PrivacyPage'),
  '/terms': () => import('../features/legal/TermsPage'),
  '/careers': () => import('../features/legal/CareersPage'),
  '/gdpr': () => import('../features/legal/GdprPage'),
  '/payments/return': () => import('../features/payments/PaymentReturnPage'),
  '/contracts/sign': () => import('../features/rentals/ContractSignPage'),
};

/** Authenticated pages (rendered inside the sidebar layout): [loader, ability]. */
const APP: Record<string, [PageLoader, Ability]> = {
  '/dashboard': [() => import('../features/dashboard/DashboardPage'), 'signedIn'],
  '/vehicles': [() => import('../features/vehicles/VehiclesPage'), 'vehiclesRead'],
  '/vehicles/:id': [() => import('../features/vehicles/VehicleDetailPage'), 'vehiclesRead'],
  '/vehicles/:id/edit': [() => import('../features/vehicles/VehicleEditPage'), 'vehiclesEdit'],
  '/gps-tracking': [() => import('../features/gps/GpsTrackingPage'), 'gpsRead'],
  '/customers': [() => import('../features/customers/CustomersPage'), 'customersRead'],
  '/customers/:id': [() => import('../features/customers/CustomerDetailPage'), 'customersRead'],
  '/staff': [() => import('../features/staff/StaffPage'), 'staffRead'],
  '/rentals': [() => import('../features/rentals/RentalsPage'), 'rentalsRead'],
  '/rentals/:id': [() => import('../features/rentals/RentalDetailPage'), 'rentalsRead'],
  '/payments/success': [() => import('../features/payments/PaymentSuccessPage'), 'financeRecordPayment'],
  '/documents': [() => import('../features/documents/DocumentsPage'), 'documentsVehicle'],
  '/maintenance': [() => import('../features/maintenance/MaintenancePage'), 'maintenanceRead'],
  '/traffic-tickets': [() => import('../features/tickets/TrafficTicketsPage'), 'tickets'],
  '/salik-charges': [() => import('../features/tickets/SalikChargesPage'), 'tickets'],
  '/blacklist': [() => import('../features/blacklist/BlacklistPage'), 'blacklistRead'],
  '/alerts': [() => import('../features/alerts/AlertsPage'), 'signedIn'],
  '/ai-insights': [() => import('../features/insights/AiInsightsPage'), 'reportsOperational'],
  '/ai-insights-logs': [() => import('../features/insights/AiInsightsLogsPage'), 'reportsAll'],
  '/fleet-analytics': [() => import('../features/fleet/FleetAnalyticsPage'), 'reportsFleetHealth'],
  '/vehicle-inspections': [() => import('../features/inspections/VehicleInspectionsPage'), 'vehicleInspections'],
  // Every role has at least one report tab (STAFF operational KPIs, MECHANIC fleet performance): the page shows each
  // its own.
  '/reports': [() => import('../features/reports/ReportsPage'), 'signedIn'],
  '/company-settings': [() => import('../features/settings/CompanySettingsPage'), 'settingsRead'],
  '/pricing-settings': [() => import('../features/settings/PricingSettingsPage'), 'settingsRead'],
  '/admin-tools': [() => import('../features/admin/AdminToolsPage'), 'adminTools'],
  '/dashboard/finance': [() => import('../features/finance/FinancePage'), 'financeRead'],
  '/dashboard/revenue-protection': [() => import('../features/finance/RevenueProtectionPage'), 'financeEdit'],
  '/dashboard/outstanding-balances': [() => import('../features/finance/OutstandingBalancesPage'), 'financeRead'],
  '/invoices': [() => import('../features/invoices/InvoicesPage'), 'financeRead'],
  '/invoices/:id': [() => import('../features/invoices/InvoiceDetailPage'), 'financeRead'],
  '/dashboard/invoice-automation': [() => import('../features/invoices/InvoiceAutomationPage'), 'financeEdit'],
  '/einvoicing': [() => import('../features/einvoicing/EInvoicingPage'), 'einvoicingRead'],
  '/deposits': [() => import('../features/deposits/DepositsPage'), 'financeRead'],
  '/dashboard/accounting': [() => import('../features/accounting/AccountingPage'), 'accounting'],
  '/dashboard/accounting/chart-of-accounts': [() => import('../features/accounting/ChartOfAccountsPage'), 'accounting'],
  '/dashboard/accounting/journal-entries': [() => import('../features/accounting/JournalEntriesPage'), 'accounting'],
  '/dashboard/accounting/journal-entries/new': [
    () => import('../features/accounting/JournalEntryNewPage'),
    'accounting',
  ],
  '/dashboard/accounting/trial-balance': [() => import('../features/accounting/TrialBalancePage'), 'accounting'],
  '/dashboard/accounting/general-ledger': [() => import('../features/accounting/GeneralLedgerPage'), 'accounting'],
  '/dashboard/accounting/vat-report': [() => import('../features/accounting/VatReportPage'), 'accounting'],
  '/dashboard/accounting/balance-sheet': [() => import('../features/accounting/BalanceSheetPage'), 'accounting'],
  '/dashboard/accounting/profit-loss': [() => import('../features/accounting/ProfitLossPage'), 'accounting'],
  '/dashboard/test-accounts': [() => import('../features/accounting/TestAccountsPage'), 'accounting'],
  '/dashboard/security': [() => import('../features/security/SecurityPage'), 'security'],
  '/account/security': [() => import('../features/security/AccountSecurityPage'), 'signedIn'],
};

// ---------------------------------------------------------------------------------------------

export interface PublicPage extends LazyPage {
  path: string;
}
export interface AppPage extends LazyPage {
  path: string;
  ability: Ability;
}

export const publicPages: PublicPage[] = Object.entries(PUBLIC).map(([path, load]) => ({
  path,
  ...lazyPage(path, load),
}));

export const appPages: AppPage[] = Object.entries(APP).map(([path, [load, ability]]) => ({
  path,
  ability,
  ...lazyPage(path, load),
}));

const byPath = new Map<string, LazyPage & { ability?: Ability }>([...publicPages, ...appPages].map((p) => [p.path, p]));

/** The registered page for a route path (exact pattern, e.g. '/vehicles/:id'). */
export function pageFor(path: string): (LazyPage & { ability?: Ability }) | undefined {
  return byPath.get(path);
}

/** Preload a page's chunk by its path; unknown paths are ignored. */
export function preloadPage(path: string): void {
  pageFor(path.split('?')[0])?.preload();
}

export function abilityFor(path: string): Ability | undefined {
  return byPath.get(path.split('?')[0])?.ability;
}
