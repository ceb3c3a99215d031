/**
 * The permission matrix of DESIGN.md §6, defined once. The API route table and the web UI
 * (menu visibility, hidden actions, "Access Restricted") both read these lists.
 *
 * SUPERADMIN is the platform operator: everything an OWNER has in its own tenant, plus
 * cross-tenant admin tools.
 */
export const ROLES = ['SUPERADMIN', 'OWNER', 'ADMIN', 'STAFF', 'MECHANIC'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'STAFF';

const MANAGERS = ['SUPERADMIN', 'OWNER', 'ADMIN'] as const satisfies readonly Role[];
const FRONT_DESK = [...MANAGERS, 'STAFF'] as const satisfies readonly Role[];
const EVERYONE = ROLES;

/** Named abilities: each lists the roles that have it. */
export const can = {
  settingsRead: MANAGERS,
  settingsEdit: MANAGERS,
  /** Branding colours/logo are read by every signed-in user to theme the shell. */
  brandingRead: EVERYONE,
  staffRead: MANAGERS,
  staffEdit: MANAGERS,
  vehiclesRead: EVERYONE,
  vehiclesEdit: MANAGERS,
  vehiclesChangeStatus: EVERYONE,
  vehicleInspections: [...MANAGERS, 'MECHANIC'],
  customersRead: FRONT_DESK,
  customersEdit: FRONT_DESK,
  blacklistRead: FRONT_DESK,
  blacklistAdd: FRONT_DESK,
  blacklistEdit: MANAGERS,
  rentalsRead: FRONT_DESK,
  rentalsEdit: FRONT_DESK,
  /** MECHANIC may read the vehicle schedule (fleet calendar) only. */
  fleetCalendarRead: EVERYONE,
  financeRead: FRONT_DESK,
  financeRecordPayment: FRONT_DESK,
  financeEdit: MANAGERS,
  accounting: MANAGERS,
  /** The period lock date closes the books: the owner's decision. */
  accountingLock: ['SUPERADMIN', 'OWNER'],
  maintenanceRead: EVERYONE,
  maintenanceEdit: [...MANAGERS, 'MECHANIC'],
  documentsVehicle: EVERYONE,
  documentsCustomer: FRONT_DESK,
  documentsCompany: MANAGERS,
  tickets: FRONT_DESK,
  gpsRead: EVERYONE,
  gpsEdit: MANAGERS,
  reportsAll: MANAGERS,
  reportsOperational: FRONT_DESK,
  reportsFleetHealth: [...MANAGERS, 'MECHANIC'],
  security: MANAGERS,
  /** ZATCA onboarding (issue 29): managers onboard; the front desk, who invoice, read the state. */
  einvoicingManage: MANAGERS,
  einvoicingRead: FRONT_DESK,
  adminTools: ['SUPERADMIN'],
  signedIn: EVERYONE,
} as const satisfies Record<string, readonly Role[]>;

export type Ability = keyof typeof can;

export function hasAbility(role: Role | undefined | null, ability: Ability): boolean {
  return !!role && (can[ability] as readonly Role[]).includes(role);
}

/** ADMIN may manage every staff member except an OWNER (or SUPERADMIN). */
export function canManageStaffMember(actor: Role, target: Role): boolean {
  if (!hasAbility(actor, 'staffEdit')) return false;
  if (actor === 'ADMIN') return target !== 'OWNER' && target !== 'SUPERADMIN';
  if (actor === 'OWNER') return target !== 'SUPERADMIN';
  return true;
}
