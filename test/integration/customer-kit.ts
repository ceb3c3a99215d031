import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { post } from './client';
import { createStaffUser, registerTenant, type RegisteredTenant } from './fixtures';

/** What the customers integration files (functions/customers/customers.*.int.test.ts) share. */
export const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures', name));

/** A birth date `years` ago, a few days clear of the birthday: the server ages people on the company's
 *  calendar day (its time zone), which can be a day behind or ahead of UTC's. */
export const yearsAgo = (years: number, extraDays = 3) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
};
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const createCustomer = (body: Record<string, unknown>, token: string) => post('/api/v1/customers', body, token);

export interface CustomersWorld {
  owner: RegisteredTenant;
  /** Another company (tenancy checks). */
  other: RegisteredTenant;
  staffToken: string;
  mechanicToken: string;
}

/** A company with its OWNER, another company, and the first company's STAFF and MECHANIC (each only when asked). */
export async function customersWorld(opts: { other?: boolean; staff?: boolean } = {}): Promise<CustomersWorld> {
  const [owner, other] = await Promise.all([registerTenant(), opts.other ? registerTenant() : undefined]);
  const [staff, mechanic] = opts.staff
    ? await Promise.all([createStaffUser(owner.token, 'STAFF'), createStaffUser(owner.token, 'MECHANIC')])
    : [];
  return {
    owner,
    other: other as RegisteredTenant,
    staffToken: staff?.token ?? '',
    mechanicToken: mechanic?.token ?? '',
  };
}
