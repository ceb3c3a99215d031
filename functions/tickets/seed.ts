/**
 * Demo tickets and Salik passages (functions/jobs/demo-reset.ts), after rentals and accounting:
 * three months of toll passages and fines on the demo fleet, created through the same code as
 * the API (matching by plate and time, recharges through the rental ledger and the accounting
 * engine, paying the authority through the ticket's own journal), so every number on the pages
 * and in the books is what the live paths would have made. Most are matched to their rental,
 * some are unmatched (a plate not in the fleet) or at times the vehicle was on no rental, some
 * recharged, some fines paid. Deterministic: every choice comes from world.random.
 */
import { toMinor } from '../../shared/money';
import { DAY_MS } from '../../shared/rentals/pricing';
import { transact } from '../lib/data/repo';
import type { Actor } from '../lib/actor';
import type { DemoWorld } from '../lib/demo/world';
import { fleetBlocks, matchAt } from './deps';
import { newSalikItems } from './salik';
import { newTicketItems, updateTicket, getTicket } from './tickets';
import { rechargeTicket, rechargeTolls } from './recharge';
import { markQueueWork } from './queue';

const GATES = [
  'Al Barsha',
  'Al Garhoud Bridge',
  'Al Maktoum Bridge',
  'Al Mamzar North',
  'Al Safa',
  'Business Bay Crossing',
  'Jebel Ali',
  'Airport Tunnel',
];
const VIOLATIONS: [string, number][] = [
  ['Speeding 20 km/h over the limit', 600],
  ['Speeding 30 km/h over the limit', 700],
  ['Parking in a no-parking zone', 500],
  ['Red light', 1000],
  ['Using the phone while driving', 800],
  ['Not wearing a seat belt', 400],
];

export async function seedTickets(world: DemoWorld): Promise<void> {
  const rnd = world.random;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const actor: Actor = {
    tenantId: world.tenantId,
    userId: world.owner.userId,
    username: world.owner.username,
    requestId: 'demo-reset',
    role: 'OWNER',
  };
  const now = world.now.getTime();
  const plateOf = new Map(world.vehicles.map((v) => [v.id, v.licensePlate]));
  const blocks = (
    await fleetBlocks(world.tenantId, new Date(now - 90 * DAY_MS).toISOString(), new Date(now).toISOString(), 2000)
  ).filter((b) => b.kind === 'rental' && Date.parse(b.start) < now - DAY_MS && plateOf.has(b.vehicleId));
  let passages = 0;
  let fines = 0;
  const at = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

  const addPassage = async (plate: string, time: string) => {
    const vehicle = world.vehicles.find((v) => v.licensePlate === plate);
    const match = await matchAt(
      world.tenantId,
      vehicle ? { id: vehicle.id, licensePlate: plate } : undefined,
      plate,
      time,
    );
    const { items } = newSalikItems(
      actor,
      {
        ...match,
        amountMinor: toMinor(pick([4, 4, 4, 6])),
        gateLocation: pick(GATES),
        tollTime: time,
        status: 'paid',
        notes: null,
        source: 'import',
        transactionId: `SLK${String(700_000_000 + Math.floor(rnd() * 99_999_999))}`,
        direction: pick(['North', 'South', 'East', 'West']),
        tag: null,
      },
      new Date(now).toISOString(),
    );
    await transact(items);
    passages++;
  };
  const addFine = async (plate: string, time: string) => {
    const vehicle = world.vehicles.find((v) => v.licensePlate === plate);
    const match = await matchAt(
      world.tenantId,
      vehicle ? { id: vehicle.id, licensePlate: plate } : undefined,
      plate,
      time,
    );
    const [violationType, amount] = pick(VIOLATIONS);
    const number = `${pick(['RTA', 'DXBP'])}-${String(10_000_000 + Math.floor(rnd() * 89_999_999))}`;
    const { item, items } = newTicketItems(
      actor,
      {
        ...match,
        ticketNumber: number,
        violationDate: time,
        violationType,
        location: pick([
          'Sheikh Zayed Road',
          'Al Khail Road',
          'Emirates Road',
          'Jumeirah Beach Road',
          'Downtown Dubai',
        ]),
        amountMinor: toMinor(amount),
        status: 'unpaid',
        notes: null,
        externalId: number,
        source: 'import',
        fileKey: null,
        fileName: null,
      },
      new Date(now).toISOString(),
    );
    await transact(items);
    fines++;
    return item;
  };

  // Passages and fines inside the rentals' windows (most rentals use Salik; about one in four gets a fine).
  const rechargeable: { rentalId: string; end: number }[] = [];
  const finesMade: { id: string; rentalId: string | null }[] = [];
  for (const b of blocks.slice(0, 60)) {
    const start = Date.parse(b.start);
    const end = Math.min(b.end ? Date.parse(b.end) : now, now - 3_600_000);
    if (end <= start) continue;
    const plate = plateOf.get(b.vehicleId)!;
    const n = Math.floor(rnd() * 5);
    for (let i = 0; i < n; i++) await addPassage(plate, at(start + rnd() * (end - start)));
    if (n > 0) rechargeable.push({ rentalId: b.refId, end });
    if (rnd() < 0.25) {
      const fine = await addFine(plate, at(start + rnd() * (end - start)));
      finesMade.push({ id: fine.id, rentalId: fine.rentalId });
    }
  }
  // To resolve by hand: plates that are not in the fleet (a mis-read plate or a sold car), and
  // passages at times the vehicle was on no rental (staff use, or unauthorised).
  for (const plate of ['DXB A 10293', 'DXB K 55120', 'SHJ 3 77410'])
    await addPassage(plate, at(now - rnd() * 30 * DAY_MS));
  await addFine('AUH 14 2231', at(now - 12 * DAY_MS));
  for (const b of blocks.slice(0, 4)) {
    const before = Date.parse(b.start) - (2 + rnd() * 10) * 3_600_000;
    await addPassage(plateOf.get(b.vehicleId)!, at(before));
  }

  // Recharged: the tolls of the rentals that ended more than two weeks ago, and half of their fines.
  for (const r of rechargeable.filter((x) => x.end < now - 14 * DAY_MS)) {
    try {
      await rechargeTolls(actor, r.rentalId);
    } catch {
      /* an archived rental takes no entries: left to do by hand */
    }
  }
  for (const [i, f] of finesMade.entries()) {
    if (!f.rentalId) continue;
    try {
      if (i % 2 === 0) await rechargeTicket(actor, f.id);
      // The company pays the authority for about one fine in three (after recharging or before).
      if (i % 3 === 0) {
        const ticket = await getTicket(world.tenantId, f.id);
        await updateTicket(actor, f.id, {
          version: ticket.version,
          status: 'paid',
          paymentMethod: 'bank_transfer',
          reason: 'Paid to the authority',
        });
      }
    } catch {
      /* archived rental: left unmatched to recharge by hand */
    }
  }
  await markQueueWork(world.tenantId, world.now);
  world.counts.tickets = fines;
  world.counts.salik = passages;
}
