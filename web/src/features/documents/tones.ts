/**
 * Shared constants of the documents screens: pill tones of validity and status, and the ability of each scope's tab.
 */
export const VALIDITY_TONES = { valid: 'green', expiring_soon: 'amber', expired: 'red', no_expiry: 'slate' } as const;
export const STATUS_TONES = {
  draft: 'slate',
  under_review: 'blue',
  approved: 'green',
  expired: 'red',
  rejected: 'orange',
} as const;
export const SCOPE_ABILITY = {
  vehicle: 'documentsVehicle',
  customer: 'documentsCustomer',
  company: 'documentsCompany',
} as const;
