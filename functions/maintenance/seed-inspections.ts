import { ulid } from 'ulid';
import { addDays } from '../../shared/calendar';
import type { DamageMark, InspectionPhoto } from '../../shared/schemas/inspections';
import type { DemoWorld } from '../lib/demo/world';
import { sortKey, tenantPk } from '../lib/data/keys';
import { transact, tx, type TransactItem } from '../lib/data/repo';
import { putObject } from '../lib/storage';
import { blocksOverlapping, companyRegion, companyTimezone, readCompanySettings } from './deps';
import { rentalForInspection, rentalOdometerReadings } from './rental-deps';
import { DEMO_CAR_PNG, DEMO_SIGNATURE_PNG } from './demo-images';
import { inspectionKey, inspectionPrefix, kindMarker, personName, type InspectionItem } from './inspections';

/**
 * Demo inspections on the most recent rentals: photos, damage marks, signed check-outs with PDFs, a check-in to sign.
 * Apart from seed.ts (which calls this last, with the same company today) because they hang on rentals and
 * their PDFs, not on the service history the maintenance seed builds.
 */
export async function seedInspections(world: DemoWorld, today: string): Promise<void> {
  const { tenantId } = world;
  const settings = await readCompanySettings(tenantId);
  const car = Buffer.from(DEMO_CAR_PNG, 'base64');
  const signature = Buffer.from(DEMO_SIGNATURE_PNG, 'base64');
  const candidates: NonNullable<Awaited<ReturnType<typeof rentalForInspection>>>[] = [];
  for (const v of world.vehicles.filter((x) => !x.isArchived)) {
    const blocks = await blocksOverlapping(
      tenantId,
      v.id,
      `${addDays(today, -14)}T00:00:00.000Z`,
      `${addDays(today, 1)}T00:00:00.000Z`,
    );
    for (const b of blocks.filter(
      (x) => x.kind === 'rental' && ['active', 'overdue', 'completed'].includes(x.status),
    )) {
      const r = await rentalForInspection(tenantId, b.refId);
      if (r) candidates.push(r);
    }
    if (candidates.length >= 5) break;
  }
  const { inspectionPdf } = await import('./inspection-pdf');
  for (const [n, r] of candidates.slice(0, 5).entries()) {
    const outAt = r.startDate;
    const photos: InspectionPhoto[] = [];
    for (const side of ['front', 'left'] as const) {
      const key = `${inspectionPrefix(tenantId)}${ulid()}-${side}.png`;
      await putObject(key, car, 'image/png');
      photos.push({ key, side, fileName: `${side}.png`, contentType: 'image/png', takenAt: outAt });
    }
    const scratch: DamageMark = {
      id: `s${n}`,
      view: 'left',
      x: 35 + n * 5,
      y: 45,
      type: 'scratch',
      severity: 'minor',
      note: 'Existing scratch on the rear door',
      photoKey: photos[1].key,
    };
    const base = (kind: 'check_out' | 'check_in', createdAt: string, over: Partial<InspectionItem>): InspectionItem => {
      const id = ulid();
      return {
        ...inspectionKey(tenantId, id),
        gsi1pk: tenantPk(tenantId, 'INSPECTION_BY_RENTAL', r.id),
        gsi1sk: sortKey(kind, id),
        gsi2pk: tenantPk(tenantId, 'INSPECTION_BY_DATE'),
        gsi2sk: sortKey(createdAt, id),
        entityType: 'INSPECTION',
        id,
        rentalId: r.id,
        rentalReference: r.referenceNumber,
        vehicleId: r.vehicleId,
        vehicleLabel: r.vehicleLabel,
        customerName: r.customerName,
        kind,
        odometer: 0,
        fuelLevel: 'full',
        checklist: { exterior: 'ok', interior: 'ok', tyres: 'ok', lights: 'ok', spare: 'ok', documents: 'ok' },
        photos,
        damages: [scratch],
        notes: null,
        status: 'draft',
        signedAt: null,
        signedBy: null,
        signatureKeys: null,
        customerSignedName: null,
        pdfKey: null,
        createdAt,
        createdBy: world.owner.userId,
        inspectorName: world.owner.username,
        version: 1,
        updatedAt: createdAt,
        ...over,
      };
    };
    const readings = await rentalOdometerReadings(tenantId, [r.id]);
    const startKm = readings.find((x) => x.source === 'pickup')?.km ?? 10_000;
    const out = base('check_out', outAt, { odometer: startKm });
    const stamp = out.createdAt.replace(/[:.]/g, '');
    const sigKeys = {
      customer: `${inspectionPrefix(tenantId)}${out.id}-${stamp}-signature-customer.png`,
      staff: `${inspectionPrefix(tenantId)}${out.id}-${stamp}-signature-staff.png`,
    };
    Object.assign(out, {
      status: 'signed',
      signedAt: outAt,
      signedBy: world.owner.username,
      signatureKeys: sigKeys,
      customerSignedName: r.customerName,
      pdfKey: `${inspectionPrefix(tenantId)}${out.id}-${stamp}.pdf`,
    });
    const ownerName = await personName(tenantId, world.owner.userId);
    const pdf = await inspectionPdf(
      out,
      {
        companyName: settings.name,
        primaryColor: settings.primaryColor,
        secondaryColor: settings.secondaryColor,
        timeZone: companyTimezone(settings),
        region: companyRegion(settings),
      },
      { customer: signature, staff: signature },
      null,
      { inspector: ownerName, signer: ownerName },
    );
    await Promise.all([
      putObject(sigKeys.customer, signature, 'image/png'),
      putObject(sigKeys.staff, signature, 'image/png'),
      putObject(out.pdfKey!, pdf, 'application/pdf'),
    ]);
    const items: TransactItem[] = [
      tx.put(out),
      tx.put({ ...kindMarker(tenantId, r.id, 'check_out'), entityType: 'INSPECTION_KIND', inspectionId: out.id }),
    ];
    if (r.status === 'completed' && r.returnDate) {
      const endKm = readings.find((x) => x.source === 'return')?.km ?? startKm + 600;
      const dent: DamageMark = {
        id: `d${n}`,
        view: 'rear',
        x: 60,
        y: 40,
        type: 'dent',
        severity: n % 2 ? 'moderate' : 'minor',
        note: 'New dent on the rear bumper',
        photoKey: null,
      };
      const inn = base('check_in', r.returnDate, {
        odometer: endKm,
        fuelLevel: 'three_quarters',
        damages: [scratch, dent],
      });
      items.push(
        tx.put(inn),
        tx.put({ ...kindMarker(tenantId, r.id, 'check_in'), entityType: 'INSPECTION_KIND', inspectionId: inn.id }),
      );
    }
    await transact(items);
  }
}
