import { ulid } from 'ulid';
import { keys } from '../lib/data/keys';
import { auditItem } from '../lib/data/audit';
import type { Item } from '../lib/data/repo';
import type { DemoWorld } from '../jobs/demo-world';
import { writeBatch } from '../jobs/demo-world';
import { putGeoRules } from './geo';

/**
 * The demo company's security history (issue 16): two weeks of sign-ins by its staff from the
 * UAE, Jordan and a trip to the UK (an alert rule), on office PCs and phones; a blocked attempt
 * from Russia; a clerk's lockout after five wrong passwords, lifted by the admin; and business
 * actions worth a second look (a refund to another method, a large manual discount). All of it
 * lands in the audit log the security page reads.
 */
const UA = {
  officePc: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
};
const HOUR = 3_600_000;

export async function seedSecurity(world: DemoWorld): Promise<void> {
  const by = (username: string) => [world.owner, ...world.staff].find((u) => u.username === username) ?? world.owner;
  const items: Item[] = [];
  const event = (hoursAgo: number, username: string, action: string, where: { ip: string; country: string; ua: string }, note?: string, entity = 'USER', entityId?: string) => {
    const u = by(username);
    const at = new Date(world.now.getTime() - hoursAgo * HOUR).toISOString();
    const id = ulid(Date.parse(at));
    items.push({
      ...auditItem({ tenantId: world.tenantId, userId: u.userId, username: u.username }, action, entity, entityId ?? u.userId, note ? { note } : undefined),
      ...keys.audit(world.tenantId, at, id), id, at, ip: where.ip, country: where.country, userAgent: where.ua,
    });
  };
  const dubaiOffice = { ip: '94.200.41.17', country: 'AE', ua: UA.officePc };
  const dubaiPhone = { ip: '5.193.88.240', country: 'AE', ua: UA.iphone };
  for (let day = 13; day >= 0; day--) {
    event(day * 24 + 9, 'layla.haddad', 'auth.login', dubaiOffice);
    event(day * 24 + 8.5, 'omar.farouk', 'auth.login', { ...dubaiOffice, ua: UA.android });
    if (day % 3 === 0) event(day * 24 + 20, 'demo', 'auth.login', dubaiPhone);
  }
  event(150, 'priya.nair', 'auth.login', { ip: '82.212.67.3', country: 'JO', ua: UA.mac });
  event(98, 'layla.haddad', 'security.geo_alert', { ip: '81.2.69.160', country: 'GB', ua: UA.iphone }, 'sign-in from GB');
  event(98, 'layla.haddad', 'auth.login', { ip: '81.2.69.160', country: 'GB', ua: UA.iphone });
  event(60, 'omar.farouk', 'auth.geo_blocked', { ip: '95.173.136.70', country: 'RU', ua: UA.officePc }, 'country RU');
  for (let i = 1; i <= 5; i++) event(30 - i * 0.02, 'omar.farouk', i === 5 ? 'auth.lockout' : 'auth.login_failed', dubaiOffice, `failed sign-in ${i} in window`);
  event(29.5, 'layla.haddad', 'auth.unlock', dubaiOffice, 'sign-in lockout of omar.farouk lifted');
  event(29, 'omar.farouk', 'auth.login', { ...dubaiOffice, ua: UA.android });
  event(20, 'layla.haddad', 'security.risky_action', dubaiOffice, 'refund of AED 1,150.00 to cash; the rental was paid by card', 'RENTAL');
  event(6, 'omar.farouk', 'security.risky_action', { ...dubaiOffice, ua: UA.android }, 'manual discount of 35% on a 30-day rental', 'RENTAL');
  await writeBatch(items);
  await putGeoRules(world.tenantId, [
    { country: 'GB', action: 'alert', note: 'Staff travel: flag it', createdAt: new Date(world.now.getTime() - 20 * 24 * HOUR).toISOString(), createdBy: 'layla.haddad' },
    { country: 'RU', action: 'block', note: 'No operations there', createdAt: new Date(world.now.getTime() - 20 * 24 * HOUR).toISOString(), createdBy: 'layla.haddad' },
  ]);
  world.counts.securityEvents = items.length;
}
