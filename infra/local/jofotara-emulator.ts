import { createHmac } from 'node:crypto';
import { readUbl, type UblReader } from '../../shared/einvoicing/ubl-read';
import { type NetworkEmulator, type ReceivedDocument, round, startNetworkEmulator } from './einvoicing-emulator';
import { json, readBody } from './paytabs-emulator';

/**
 * Jordan's JoFotara portal for `npm start` and the tests, speaking the API
 * functions/einvoicing/providers/jofotara.ts documents: `POST /core/invoices/` with `Client-Id`
 * and `Secret-Key` headers and `{ "invoice": "<base64 UBL>" }`.
 *
 * It checks what the portal checks in the invoice (the UBL schema itself runs in the tests):
 * well-formed UBL Invoice, ProfileID reporting:1.0, number, UUID, issue date, type code 388/381
 * with its three-digit name (scope, payment, taxpayer type), JOD, amounts in currency "JO" with
 * 3 decimals, the seller's tax number, the income source sequence, the ICV, each line's tax
 * category (S, Z, O) and tax = taxable × rate, totals (with tax = without tax − discount + tax),
 * and a credit note's reference to its original invoice.
 *
 * Accepted → 200 with EINV_STATUS SUBMITTED, the signed invoice (here: the invoice as received)
 * and EINV_QR; the same UUID again → ALREADY_SUBMITTED with the same QR. Refused → 400 with
 * EINV_STATUS NOT_SUBMITTED and EINV_RESULTS.ERRORS. Missing credentials → 403.
 *
 * The QR: the portal's is an opaque string to print. The sandbox's is base64 of TLV fields (tag,
 * length, UTF-8 value): 1 seller name, 2 seller tax number, 3 issue date, 4 total with tax,
 * 5 tax, 6 invoice UUID, 7 a sandbox stamp (HMAC-SHA256 of fields 1–6 with the secret key, base64).
 */
export function encodeJoQr(fields: string[], secret: string): string {
  const stamp = createHmac('sha256', secret).update(fields.join('|')).digest('base64');
  const parts = [...fields, stamp].map((value, i) => {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

export function decodeJoQr(qr: string): Record<number, string> {
  const buf = Buffer.from(qr, 'base64');
  const out: Record<number, string> = {};
  for (let i = 0; i + 2 <= buf.length; ) {
    const tag = buf[i];
    const len = buf[i + 1];
    out[tag] = buf.subarray(i + 2, i + 2 + len).toString('utf8');
    i += 2 + len;
  }
  return out;
}

interface JoError {
  EINV_CODE: string;
  EINV_CATEGORY: string;
  EINV_MESSAGE: string;
}

export function checkJoFotara(u: UblReader): JoError[] {
  const errors: JoError[] = [];
  const fail = (code: string, message: string) =>
    errors.push({ EINV_CODE: code, EINV_CATEGORY: 'XSD validation', EINV_MESSAGE: message });
  if (u.root !== 'Invoice')
    return [{ EINV_CODE: 'XSD_INVALID', EINV_CATEGORY: 'XSD validation', EINV_MESSAGE: 'The root must be Invoice' }];
  if (u.text('/*/cbc:ProfileID') !== 'reporting:1.0') fail('INVALID_PROFILE', 'ProfileID must be reporting:1.0');
  if (!u.text('/*/cbc:ID')) fail('MISSING_INVOICE_ID', 'The invoice number is missing');
  if (!/^[0-9a-f-]{36}$/i.test(u.text('/*/cbc:UUID'))) fail('INVALID_UUID', 'The invoice UUID is missing or invalid');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(u.text('/*/cbc:IssueDate'))) fail('MISSING_ISSUE_DATE', 'The issue date is missing');
  const type = u.text('/*/cbc:InvoiceTypeCode');
  const credit = type === '381';
  if (type !== '388' && !credit) fail('INVALID_INVOICE_TYPE', 'The invoice type code must be 388 or 381');
  const typeName = u.text('/*/cbc:InvoiceTypeCode/@name');
  if (!/^[01][12][123]$/.test(typeName)) fail('INVALID_INVOICE_TYPE_NAME', `Invalid invoice type name "${typeName}"`);
  if (u.text('/*/cbc:DocumentCurrencyCode') !== 'JOD') fail('INVALID_CURRENCY', 'The document currency must be JOD');
  for (const a of u.nodes('//*[@currencyID]') as Element[]) {
    if (a.getAttribute('currencyID') !== 'JO' || !/^-?\d+\.\d{3}$/.test(a.textContent ?? ''))
      fail(
        'INVALID_AMOUNT',
        `${a.localName}: amounts are in JO with 3 decimals (got ${a.getAttribute('currencyID')} ${a.textContent})`,
      );
  }
  if (!/^\d+$/.test(u.text('/*/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')))
    fail('MISSING_SELLER_TIN', 'The seller tax number is missing');
  if (!/^\d+$/.test(u.text('/*/cac:SellerSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID')))
    fail('MISSING_INCOME_SOURCE', 'The income source sequence is missing');
  if (!/^\d+$/.test(u.text("/*/cac:AdditionalDocumentReference[cbc:ID='ICV']/cbc:UUID")))
    fail('MISSING_ICV', 'The invoice counter (ICV) is missing');
  if (credit && !u.text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:UUID'))
    fail('MISSING_ORIGINAL_INVOICE', 'A credit note must reference the original invoice UUID');
  const sales = typeName.endsWith('2') || typeName.endsWith('3');
  let taxSum = 0;
  let netSum = 0;
  const lines = u.nodes('/*/cac:InvoiceLine');
  if (!lines.length) fail('MISSING_LINES', 'The invoice has no lines');
  for (const line of lines) {
    const id = u.text('cbc:ID', line);
    const net = u.num('cbc:LineExtensionAmount', line);
    netSum += net;
    if (!sales) continue;
    const sub = u.nodes('cac:TaxTotal/cac:TaxSubtotal', line)[0];
    const category = sub ? u.text('cac:TaxCategory/cbc:ID', sub) : '';
    if (!['S', 'Z', 'O'].includes(category)) {
      fail('INVALID_TAX_CATEGORY', `Line ${id}: the tax category must be S, Z or O`);
      continue;
    }
    const percent = u.num('cac:TaxCategory/cbc:Percent', sub);
    const tax = u.num('cac:TaxTotal/cbc:TaxAmount', line);
    if (category === 'S' && !(percent > 0 && percent <= 16))
      fail('INVALID_TAX_RATE', `Line ${id}: invalid tax rate ${percent}`);
    if (Math.abs(round((net * percent) / 100, 3) - tax) > 0.001)
      fail('INVALID_LINE_TAX', `Line ${id}: tax is not taxable × rate`);
    taxSum += tax;
  }
  const total = '/*/cac:LegalMonetaryTotal';
  const docTax = sales ? u.num('/*/cac:TaxTotal/cbc:TaxAmount') : 0;
  if (sales && round(taxSum, 3) !== docTax) fail('INVALID_TAX_TOTAL', 'The tax total is not the sum of the lines');
  const exclusive = u.num(`${total}/cbc:TaxExclusiveAmount`);
  if (round(netSum, 3) !== round(exclusive - u.num(`${total}/cbc:AllowanceTotalAmount`), 3))
    fail('INVALID_TOTAL', 'The total without tax is not the sum of the lines');
  if (
    round(exclusive - u.num(`${total}/cbc:AllowanceTotalAmount`) + docTax, 3) !==
    u.num(`${total}/cbc:TaxInclusiveAmount`)
  )
    fail('INVALID_TOTAL', 'The total with tax is not total without tax − discount + tax');
  return errors;
}

export function startJoFotaraEmulator(port = 0, host = '127.0.0.1'): Promise<NetworkEmulator> {
  const PATH = '/core/invoices/';
  return startNetworkEmulator(
    port,
    host,
    (req, path) => req.method === 'POST' && path === PATH,
    (documents: ReceivedDocument[]) => async (req, res, path) => {
      if (req.method !== 'POST' || path !== PATH) return false;
      const clientId = String(req.headers['client-id'] ?? '');
      const secret = String(req.headers['secret-key'] ?? '');
      if (!clientId || !secret) {
        req.resume();
        json(res, 403, { error: 'Access forbidden: Client-Id and Secret-Key are required' });
        return true;
      }
      let encoded = '';
      try {
        encoded = String((JSON.parse(await readBody(req)) as { invoice?: unknown }).invoice ?? '');
      } catch {
        /* an empty invoice is refused below */
      }
      const xml = Buffer.from(encoded, 'base64').toString('utf8');
      const read = encoded ? readUbl(xml) : { error: 'The invoice is missing' };
      const errors =
        'error' in read
          ? [{ EINV_CODE: 'XSD_INVALID', EINV_CATEGORY: 'XSD validation', EINV_MESSAGE: read.error }]
          : checkJoFotara(read.ubl);
      const ubl = 'ubl' in read ? read.ubl : null;
      const number = ubl?.text('/*/cbc:ID') ?? '';
      const uuid = ubl?.text('/*/cbc:UUID') ?? '';
      const previous = documents.find((d) => d.uuid === uuid && d.status === 'accepted' && d.clientId === clientId);
      if (ubl && !errors.length && previous) {
        json(res, 200, answer('ALREADY_SUBMITTED', previous.xml, String(previous.qr), number, uuid, []));
        return true;
      }
      const qr =
        ubl && !errors.length
          ? encodeJoQr(
              [
                ubl.text('/*/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
                ubl.text('/*/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID'),
                ubl.text('/*/cbc:IssueDate'),
                ubl.text('/*/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount'),
                ubl.text('/*/cac:TaxTotal/cbc:TaxAmount') || '0.000',
                uuid,
              ],
              secret,
            )
          : '';
      documents.push({
        id: uuid,
        number,
        uuid,
        status: errors.length ? 'rejected' : 'accepted',
        messages: errors.map((e) => `[${e.EINV_CODE}] ${e.EINV_MESSAGE}`),
        receivedAt: new Date().toISOString(),
        xml,
        clientId,
        qr,
      });
      if (errors.length) json(res, 400, answer('NOT_SUBMITTED', '', '', number, uuid, errors));
      else json(res, 200, answer('SUBMITTED', xml, qr, number, uuid, []));
      return true;
    },
  );
}

function answer(status: string, xml: string, qr: string, number: string, uuid: string, errors: JoError[]) {
  const ok = !errors.length;
  return {
    EINV_RESULTS: {
      status: ok ? 'PASS' : 'ERROR',
      INFO: ok
        ? [{ EINV_CODE: 'XSD_VALID', EINV_CATEGORY: 'XSD validation', EINV_MESSAGE: 'Complied with UBL 2.1 standards' }]
        : [],
      WARNINGS: [],
      ERRORS: errors.map((e) => ({ type: 'ERROR', status: 'ERROR', ...e })),
    },
    EINV_STATUS: status,
    EINV_SINGED_INVOICE: xml ? Buffer.from(xml, 'utf8').toString('base64') : null,
    EINV_QR: qr || null,
    EINV_NUM: number,
    EINV_INV_UUID: uuid,
  };
}
