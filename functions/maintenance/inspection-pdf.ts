import type { InspectionDiff } from '../../shared/maintenance/inspection';
import { inspections } from '../../shared/i18n/inspections';
import { formatMoney } from '../../shared/money';
import { fill } from '../../shared/readable';
import { formatDateTime } from '../../shared/regions/format';
import { CAR_VIEWS, CHECKLIST_ITEMS, type CarView } from '../../shared/schemas/inspections';
import { getObjectBytes } from '../lib/storage';
import type { InspectionItem } from './inspections';

/**
 * The signed inspection sheet (issue 12): English and Arabic on one document (the shared PDF
 * module's bilingual rows), the readings, checklist, the car diagram with the damage marks
 * numbered, the damage list, the check-in's differences and proposed charges, the photos and both
 * signatures. Loaded lazily (pdf-lib stays out of the handler's cold start).
 */
const KIND = {
  check_out: ['Check-out (pickup)', 'فحص التسليم'],
  check_in: ['Check-in (return)', 'فحص الاستلام'],
} as const;
const FUEL: Record<string, [string, string]> = {
  empty: ['Empty', 'فارغ'],
  quarter: ['1/4', 'ربع'],
  half: ['1/2', 'نصف'],
  three_quarters: ['3/4', 'ثلاثة أرباع'],
  full: ['Full', 'ممتلئ'],
};
const CHECK: Record<string, [string, string]> = {
  exterior: ['Exterior', 'الهيكل الخارجي'],
  interior: ['Interior', 'المقصورة'],
  tyres: ['Tyres', 'الإطارات'],
  lights: ['Lights', 'الأضواء'],
  spare: ['Spare tyre', 'الإطار الاحتياطي'],
  documents: ['Documents in car', 'الوثائق في السيارة'],
};
const VIEW: Record<CarView, [string, string]> = {
  front: ['Front', 'الأمام'],
  rear: ['Rear', 'الخلف'],
  left: ['Left side', 'الجانب الأيسر'],
  right: ['Right side', 'الجانب الأيمن'],
  top: ['Top', 'الأعلى'],
};
const DAMAGE: Record<string, [string, string]> = {
  scratch: ['Scratch', 'خدش'],
  dent: ['Dent', 'انبعاج'],
  crack: ['Crack', 'شرخ'],
  missing: ['Missing', 'مفقود'],
};
const SEVERITY: Record<string, [string, string]> = {
  minor: ['Minor', 'طفيف'],
  moderate: ['Moderate', 'متوسط'],
  severe: ['Severe', 'شديد'],
};
const both = (pair: [string, string] | readonly [string, string]) => `${pair[0]} / ${pair[1]}`;

/**
 * A proposed charge's words in one language (0 = English, 1 = Arabic): its kind, then its message with the codes in its
 * parameters translated.
 */
function chargeText(c: InspectionDiff['proposed'][number], side: 0 | 1): string {
  const words = inspections[side === 0 ? 'en' : 'ar'];
  const p: Record<string, string | number> = { ...c.labelParams };
  if (typeof p.type === 'string') p.type = DAMAGE[p.type]?.[side] ?? p.type;
  if (typeof p.severity === 'string') p.severity = SEVERITY[p.severity]?.[side] ?? p.severity;
  if (typeof p.view === 'string') p.view = VIEW[p.view as CarView]?.[side] ?? p.view;
  const kind = (words.diff.labels as Record<string, string>)[c.category] ?? c.category;
  const template = (words.charge as Record<string, string>)[c.labelKey.split('.').pop()!];
  return template ? `${kind} · ${fill(template, p)}` : kind;
}

export async function inspectionPdf(
  i: InspectionItem,
  brand: { companyName: string; primaryColor?: string; secondaryColor?: string; timeZone: string; region?: string },
  signatures: { customer: Uint8Array; staff: Uint8Array },
  diff: InspectionDiff | null,
  /** People's names (issue 27): the inspector's and the signing staff member's, never their usernames. */
  names: { inspector?: string | null; signer?: string | null } = {},
): Promise<Uint8Array> {
  // Dates in the company's format (its region's field order) on its clock.
  const when = (iso: string) => formatDateTime(iso, brand.region ?? 'US', 'en', { timeZone: brand.timeZone });
  const inspector = names.inspector || i.inspectorName;
  const signer = names.signer || (i.signedBy === i.inspectorName ? inspector : i.signedBy) || inspector;
  const { createPdf, hexColor } = await import('../lib/pdf');
  const w = await createPdf({
    title: `Inspection ${i.rentalReference}`,
    language: 'en',
    brand: { companyName: brand.companyName, primaryColor: brand.primaryColor, secondaryColor: brand.secondaryColor },
  });
  await w.brandHeader({ en: 'Vehicle inspection', ar: 'فحص المركبة' }, `${i.rentalReference} · ${KIND[i.kind][0]}`);

  w.section('Inspection', 'الفحص');
  w.row('Type', 'النوع', both(KIND[i.kind]));
  w.row('Vehicle', 'المركبة', i.vehicleLabel);
  w.row('Customer', 'العميل', i.customerName);
  w.row('Odometer', 'عداد المسافة', `${i.odometer.toLocaleString('en-US')} km`);
  w.row('Fuel level', 'مستوى الوقود', both(FUEL[i.fuelLevel]));
  w.row('Inspected by', 'أجرى الفحص', inspector);
  w.row('Signed', 'التوقيع', when(i.signedAt ?? i.updatedAt));

  w.section('Checklist', 'قائمة التحقق');
  for (const c of CHECKLIST_ITEMS)
    w.row(CHECK[c][0], CHECK[c][1], i.checklist[c] === 'issue' ? 'Issue / ملاحظة' : 'OK / سليم');
  if (i.notes) w.row('Notes', 'ملاحظات', i.notes);

  // The car diagram: five views, each a box with a simple car outline, marks numbered.
  w.section('Damage diagram', 'مخطط الأضرار');
  const boxW = (w.right - w.left - 4 * 8) / 5;
  const boxH = 90;
  w.ensureSpace(boxH + 30);
  const top = w.y;
  CAR_VIEWS.forEach((view, n) => {
    const x = w.left + n * (boxW + 8);
    const y = top - boxH;
    w.page.drawRectangle({ x, y, width: boxW, height: boxH, borderColor: w.colors.muted, borderWidth: 0.5 });
    // Body and wheels (side views), or body and windscreen (front, rear, top).
    w.page.drawRectangle({
      x: x + boxW * 0.12,
      y: y + boxH * 0.3,
      width: boxW * 0.76,
      height: boxH * 0.4,
      borderColor: w.colors.ink,
      borderWidth: 1,
    });
    if (view === 'left' || view === 'right') {
      w.page.drawCircle({ x: x + boxW * 0.3, y: y + boxH * 0.3, size: 7, borderColor: w.colors.ink, borderWidth: 1 });
      w.page.drawCircle({ x: x + boxW * 0.7, y: y + boxH * 0.3, size: 7, borderColor: w.colors.ink, borderWidth: 1 });
    } else {
      w.page.drawRectangle({
        x: x + boxW * 0.25,
        y: y + boxH * 0.5,
        width: boxW * 0.5,
        height: boxH * 0.14,
        borderColor: w.colors.muted,
        borderWidth: 0.7,
      });
    }
    i.damages.forEach((d, k) => {
      if (d.view !== view) return;
      const mx = x + (d.x / 100) * boxW;
      const my = y + boxH - (d.y / 100) * boxH;
      w.page.drawCircle({ x: mx, y: my, size: 6, color: hexColor('#dc2626', w.colors.primary) });
      w.page.drawText(String(k + 1), {
        x: mx - (k + 1 >= 10 ? 5 : 2.5),
        y: my - 3,
        size: 7,
        font: w.font(true),
        color: w.colors.white,
      });
    });
    w.y = y - 12;
    w.line(VIEW[view][0], x + boxW / 2, 'center', { size: 8, direction: 'ltr' });
    w.y = y - 22;
    w.line(VIEW[view][1], x + boxW / 2, 'center', { size: 8, direction: 'rtl' });
  });
  w.y = top - boxH - 36;
  if (i.damages.length) {
    w.table(
      [
        { header: '#', width: 0.06 },
        { header: 'View / الجهة', width: 0.3 },
        { header: 'Type / النوع', width: 0.24 },
        { header: 'Severity / الشدة', width: 0.2 },
        { header: 'Note / ملاحظة', width: 0.2 },
      ],
      i.damages.map((d, k) => [
        String(k + 1),
        both(VIEW[d.view]),
        both(DAMAGE[d.type]),
        both(SEVERITY[d.severity]),
        d.note ?? '',
      ]),
    );
  } else {
    w.row('Damage', 'الأضرار', 'None recorded / لا يوجد');
  }

  if (diff) {
    w.section('Compared with the check-out', 'مقارنة بفحص التسليم');
    w.row('Km driven', 'المسافة المقطوعة', `${diff.kmDriven.toLocaleString('en-US')} km`);
    w.row('Fuel', 'الوقود', `${both(FUEL[diff.fuelOut])} → ${both(FUEL[diff.fuelIn])}`);
    w.row('New damage', 'أضرار جديدة', String(diff.newDamages.length));
    // In words, both languages (the web's inspections.charge.* texts), the amount in the company's currency (issue 27).
    for (const c of diff.proposed)
      w.row(
        'Proposed charge',
        'رسوم مقترحة',
        `${chargeText(c, 0)} / ${chargeText(c, 1)}: ${formatMoney(c.amountMinor, brand.region ?? 'US', 'en', { display: 'code' })}`,
      );
  }

  // Photos as thumbnails with their side and capture time.
  if (i.photos.length) {
    w.section('Photos', 'الصور');
    const thumbW = (w.right - w.left - 2 * 10) / 3;
    const thumbH = thumbW * 0.66;
    let col = 0;
    for (const p of i.photos.slice(0, 12)) {
      const bytes = (await getObjectBytes(p.key))?.body;
      if (!bytes) continue;
      let img;
      try {
        img = p.contentType === 'image/png' ? await w.doc.embedPng(bytes) : await w.doc.embedJpg(bytes);
      } catch {
        continue;
      }
      if (col === 0) w.ensureSpace(thumbH + 30);
      const x = w.left + col * (thumbW + 10);
      const scale = Math.min(thumbW / img.width, thumbH / img.height);
      w.page.drawImage(img, {
        x,
        y: w.y - thumbH + (thumbH - img.height * scale),
        width: img.width * scale,
        height: img.height * scale,
      });
      const y0 = w.y;
      w.y = y0 - thumbH - 10;
      w.line(`${VIEW[p.side as CarView]?.[0] ?? p.side} · ${when(p.takenAt)}`, x, 'left', {
        size: 7,
        direction: 'ltr',
      });
      w.y = y0;
      col = (col + 1) % 3;
      if (col === 0) w.y -= thumbH + 24;
    }
    if (col !== 0) w.y -= thumbH + 24;
  }

  // Signatures: the drawn images above the two lines.
  await w.signatureImages(signatures.customer, signatures.staff);
  w.signatures(
    { en: `Customer: ${i.customerSignedName ?? i.customerName}`, ar: 'توقيع العميل' },
    { en: `Staff: ${signer}`, ar: 'توقيع الموظف' },
  );
  return w.save();
}
