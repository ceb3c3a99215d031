import { ulid } from 'ulid';
import type { DemoUser, DemoWorld } from '../lib/demo/world';
import { writeBatch } from '../lib/demo/world';
import { userItems } from './users';

/**
 * The demo company's staff besides the demo login: the people a small Dubai rental company has,
 * in every role and status the /staff page shows. They have no Cognito account (nobody signs in
 * as them; the shared demo login cannot manage staff anyway), so their `sub` is a placeholder
 * with no G#SUB pointer, and their usernames are not reserved globally — no sign-in can ever
 * resolve to them.
 */
const STAFF: Array<
  Omit<DemoUser, 'userId'> & { email: string; lastActiveDaysAgo: number | null; fullNameArabic: string }
> = [
  {
    username: 'layla.haddad',
    firstName: 'Layla',
    lastName: 'Haddad',
    fullNameArabic: 'ليلى حداد',
    role: 'ADMIN',
    status: 'active',
    email: 'layla.haddad@desertrose-demo.ae',
    lastActiveDaysAgo: 0,
  },
  {
    username: 'omar.farouk',
    firstName: 'Omar',
    lastName: 'Farouk',
    fullNameArabic: 'عمر فاروق',
    role: 'STAFF',
    status: 'active',
    email: 'omar.farouk@desertrose-demo.ae',
    lastActiveDaysAgo: 1,
  },
  {
    username: 'priya.nair',
    firstName: 'Priya',
    lastName: 'Nair',
    fullNameArabic: 'بريا ناير',
    role: 'STAFF',
    status: 'active',
    email: 'priya.nair@desertrose-demo.ae',
    lastActiveDaysAgo: 2,
  },
  {
    username: 'rashid.khan',
    firstName: 'Rashid',
    lastName: 'Khan',
    fullNameArabic: 'راشد خان',
    role: 'MECHANIC',
    status: 'active',
    email: 'rashid.khan@desertrose-demo.ae',
    lastActiveDaysAgo: 0,
  },
  {
    username: 'joseph.mathew',
    firstName: 'Joseph',
    lastName: 'Mathew',
    fullNameArabic: 'جوزيف ماثيو',
    role: 'MECHANIC',
    status: 'active',
    email: 'joseph.mathew@desertrose-demo.ae',
    lastActiveDaysAgo: 5,
  },
  {
    username: 'noura.salem',
    firstName: 'Noura',
    lastName: 'Salem',
    fullNameArabic: 'نورة سالم',
    role: 'STAFF',
    status: 'pending',
    email: 'noura.salem@desertrose-demo.ae',
    lastActiveDaysAgo: null,
  },
  {
    username: 'khalid.mansour',
    firstName: 'Khalid',
    lastName: 'Mansour',
    fullNameArabic: 'خالد منصور',
    role: 'STAFF',
    status: 'suspended',
    email: 'khalid.mansour@desertrose-demo.ae',
    lastActiveDaysAgo: 41,
  },
];

const DAY_MS = 86_400_000;

export async function seedStaff(world: DemoWorld): Promise<void> {
  const items = STAFF.map((s, i) => {
    // Joined between 14 months and 3 weeks ago, oldest first; ids sort by join date.
    const joined = world.now.getTime() - (420 - i * 55) * DAY_MS;
    const userId = ulid(joined);
    const { user } = userItems({
      tenantId: world.tenantId,
      userId,
      sub: `demo-seed-${userId}`,
      username: s.username,
      email: s.email,
      firstName: s.firstName,
      lastName: s.lastName,
      fullNameArabic: s.fullNameArabic,
      role: s.role,
      status: s.status,
      now: new Date(joined).toISOString(),
    });
    if (s.status === 'suspended') user.inviteStatus = 'accepted';
    user.lastActiveAt =
      s.lastActiveDaysAgo === null
        ? null
        : new Date(
            world.now.getTime() - s.lastActiveDaysAgo * DAY_MS - Math.floor(world.random() * 8 * 3_600_000),
          ).toISOString();
    world.staff.push({
      userId,
      username: s.username,
      role: s.role,
      firstName: s.firstName,
      lastName: s.lastName,
      status: s.status,
    });
    return user;
  });
  await writeBatch(items);
}
