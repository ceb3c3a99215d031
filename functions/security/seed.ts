import { ulid } from 'ulid';
import { keys } from '../lib/data/keys';
import { auditItem } from '../lib/data/audit';
import type { Item } from '../lib/data/repo';
import type { DemoWorld } from '../lib/demo/world';
import { writeBatch } from '../lib/demo/world';
import { putGeoRules } from './geo';
import {
  assessSignin,
  readDevice,
  recordRiskyAction,
  recordSignin,
  setDeviceStatus,
  signinSucceeded,
  type SigninWhere,
} from './risk';

/**
 * The demo company's security history (issue 16): two weeks of sign-ins by its staff from the
 * UAE, Jordan and a trip to the UK (an alert rule), on office PCs and phones; a blocked attempt
 * from Russia; a clerk's lockout after five wrong passwords, lifted by the admin; and business
 * actions worth a second look (a refund to another method, a large manual discount). All of it
 * lands in the audit log the security page reads. The sign-ins are then replayed in order through
 * the real risk assessment (functions/security/risk.ts), so the devices, the risk feed and last
 * week's report (functions/security-report/seed.ts, run next) are what the product itself would
 * have recorded — plus one refused sign-in from
 * Lagos an hour after Dubai (impossible travel: critical), a phone the admin blocked and the
 * office PC she trusted.
 */
const UA = {
  officePc:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
};
const HOUR = 3_600_000;

export async function seedSecurity(world: DemoWorld): Promise<void> {
  const by = (username: string) => [world.owner, ...world.staff].find((u) => u.username === username) ?? world.owner;
  const items: Item[] = [];
  const logins: { hoursAgo: number; username: string; where: { ip: string; country: string; ua: string } }[] = [];
  const event = (
    hoursAgo: number,
    username: string,
    action: string,
    where: { ip: string; country: string; ua: string },
    note?: string,
    entity = 'USER',
    entityId?: string,
  ) => {
    const u = by(username);
    if (action === 'auth.login') logins.push({ hoursAgo, username, where });
    const at = new Date(world.now.getTime() - hoursAgo * HOUR).toISOString();
    const id = ulid(Date.parse(at));
    items.push({
      ...auditItem(
        { tenantId: world.tenantId, userId: u.userId, username: u.username },
        action,
        entity,
        entityId ?? u.userId,
        note ? { note } : undefined,
      ),
      ...keys.audit(world.tenantId, at, id),
      id,
      at,
      ip: where.ip,
      country: where.country,
      userAgent: where.ua,
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
  // Layla's trip to London with her office laptop (a new country: medium risk; the GB alert rule).
  event(
    96,
    'layla.haddad',
    'security.geo_alert',
    { ip: '81.2.69.160', country: 'GB', ua: UA.officePc },
    'sign-in from GB',
  );
  event(96, 'layla.haddad', 'auth.login', { ip: '81.2.69.160', country: 'GB', ua: UA.officePc });
  event(60, 'omar.farouk', 'auth.geo_blocked', { ip: '95.173.136.70', country: 'RU', ua: UA.officePc }, 'country RU');
  for (let i = 1; i <= 5; i++)
    event(
      30 - i * 0.02,
      'omar.farouk',
      i === 5 ? 'auth.lockout' : 'auth.login_failed',
      dubaiOffice,
      `failed sign-in ${i} in window`,
    );
  event(29.5, 'layla.haddad', 'auth.unlock', dubaiOffice, 'sign-in lockout of omar.farouk lifted');
  event(29, 'omar.farouk', 'auth.login', { ...dubaiOffice, ua: UA.android });
  await writeBatch(items);

  // Replay the sign-ins, oldest first, through the risk assessment: devices, baselines, the feed.
  const cookie = (username: string, ua: string) =>
    `demo-${username.replace(/\W/g, '')}-${Object.entries(UA).find(([, v]) => v === ua)?.[0] ?? 'other'}`.padEnd(
      16,
      '0',
    );
  for (const l of logins.sort((a, b) => b.hoursAgo - a.hoursAgo)) {
    const u = by(l.username);
    const who = { tenantId: world.tenantId, userId: u.userId, username: u.username };
    const where: SigninWhere = {
      ip: l.where.ip,
      country: l.where.country,
      userAgent: l.where.ua,
      deviceCookie: cookie(u.username, l.where.ua),
    };
    const at = world.now.getTime() - l.hoursAgo * HOUR;
    const a = await assessSignin(who, where, { recentFailures: 0, ipListed: false }, at);
    await recordSignin(who, where, a, 'allowed');
    await signinSucceeded(who, where, a.deviceId, false, new Date(at));
  }
  const layla = by('layla.haddad');
  const omar = by('omar.farouk');
  const admin = {
    tenantId: world.tenantId,
    userId: layla.userId,
    username: layla.username,
    requestId: 'demo-seed',
    role: 'ADMIN' as const,
  };
  // Omar's account tried from Lagos an hour after his Dubai sign-in, on an unknown PC: critical, refused, alerted.
  const lagos: SigninWhere = {
    ip: '102.89.34.11',
    country: 'NG',
    userAgent: UA.officePc,
    deviceCookie: 'demo-lagos-unknown-pc',
  };
  const omarWho = { tenantId: world.tenantId, userId: omar.userId, username: omar.username };
  const critical = await assessSignin(
    omarWho,
    lagos,
    { recentFailures: 3, ipListed: false },
    world.now.getTime() - 28 * HOUR,
  );
  await recordSignin(omarWho, lagos, critical, 'refused');
  // The admin blocked that PC and trusted her own office PC.
  if (await readDevice(world.tenantId, critical.deviceId)) await setDeviceStatus(admin, critical.deviceId, 'blocked');
  const office = await assessSignin(
    { tenantId: world.tenantId, userId: layla.userId, username: layla.username },
    {
      ip: dubaiOffice.ip,
      country: dubaiOffice.country,
      userAgent: UA.officePc,
      deviceCookie: cookie(layla.username, UA.officePc),
    },
    { recentFailures: 0, ipListed: false },
    world.now.getTime(),
  );
  if (office.deviceStatus !== 'new' && office.deviceStatus !== 'trusted')
    await setDeviceStatus(admin, office.deviceId, 'trusted');
  // Risky business actions, in the same feed.
  await recordRiskyAction(
    admin,
    {
      signal: 'refund_other_method',
      summary: 'refund of 1,150.00 to cash; the rental was paid by credit_card',
      entity: 'RENTAL',
      entityId: world.tenantId,
    },
    new Date(world.now.getTime() - 20 * HOUR),
  );
  await recordRiskyAction(
    { tenantId: world.tenantId, userId: omar.userId, username: omar.username },
    {
      signal: 'large_discount',
      summary: 'manual discount of 1,890.00 off "Base rental" (35% of a 30-day rental)',
      entity: 'RENTAL',
      entityId: world.tenantId,
    },
    new Date(world.now.getTime() - 6 * HOUR),
  );

  await putGeoRules(world.tenantId, [
    {
      country: 'GB',
      action: 'alert',
      note: 'Staff travel: flag it',
      createdAt: new Date(world.now.getTime() - 20 * 24 * HOUR).toISOString(),
      createdBy: 'layla.haddad',
    },
    {
      country: 'RU',
      action: 'block',
      note: 'No operations there',
      createdAt: new Date(world.now.getTime() - 20 * 24 * HOUR).toISOString(),
      createdBy: 'layla.haddad',
    },
  ]);
  world.counts.securityEvents = items.length;
}
