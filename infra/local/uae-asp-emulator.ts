import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EMIRATES, PINT_AE_CUSTOMIZATION_ID, PINT_AE_PROFILE_ID } from '../../shared/einvoicing/pint-ae';
import { readUbl, type UblReader } from '../../shared/einvoicing/ubl-read';
import { type NetworkEmulator, type ReceivedDocument, round, startNetworkEmulator } from './einvoicing-emulator';
import { json, readBody } from './paytabs-emulator';

/**
 * A UAE accredited service provider's access point for `npm start` and the tests, speaking the
 * API functions/einvoicing/providers/uae-asp.ts documents (Storecove-style Document Submissions):
 * `POST /api/v2/document_submissions` with `Authorization: Bearer <key>` and the base64 PINT AE
 * document in `document.rawDocumentData.document`.
 *
 * It checks what a provider checks before it delivers and reports (the UBL schema and EN 16931
 * rules run in the tests, infra/local/einvoicing-validate.ts): well-formed UBL Invoice or
 * CreditNote, PINT AE customization and profile, number, UUID, issue date, type code (380/480,
 * 381/81), AED, the seller's TRN and emirate, a VAT category on every line (S at 5%), the VAT
 * breakdown adding up to the VAT total, the lines adding up to the line total, total with VAT =
 * without VAT + VAT, and a credit note's reference to its invoice. Accepted → 200 `{guid}`;
 * refused → 422 `[{source, details}]`; no key → 401. The same `idempotencyGuid` twice answers the
 * first guid and records nothing new. `GET /_emulator/documents`, `POST /_emulator/faults`.
 */
const TRN = /^1[0-9]{14}$/;
const CATEGORIES = new Set(['S', 'Z', 'E', 'O', 'AE', 'N']);

export function checkPintAe(u: UblReader): { source: string; details: string }[] {
  const problems: { source: string; details: string }[] = [];
  const fail = (source: string, details: string) => problems.push({ source, details });
  const credit = u.root === 'CreditNote';
  if (u.root !== 'Invoice' && !credit) return [{ source: 'document', details: 'Not a UBL Invoice or CreditNote' }];
  if (u.text('/*/cbc:CustomizationID') !== PINT_AE_CUSTOMIZATION_ID)
    fail('CustomizationID', `Must be ${PINT_AE_CUSTOMIZATION_ID}`);
  if (u.text('/*/cbc:ProfileID') !== PINT_AE_PROFILE_ID) fail('ProfileID', `Must be ${PINT_AE_PROFILE_ID}`);
  if (!/^[01]{8}$/.test(u.text('/*/cbc:ProfileExecutionID')))
    fail('ProfileExecutionID', 'The invoice transaction type code (BTAE-02) must be 8 digits of 0 or 1');
  if (!u.text('/*/cbc:ID')) fail('ID', 'The invoice number is missing');
  if (!/^[0-9a-f-]{36}$/i.test(u.text('/*/cbc:UUID'))) fail('UUID', 'The document UUID (BTAE-07) is missing');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(u.text('/*/cbc:IssueDate'))) fail('IssueDate', 'The issue date is missing');
  const type = u.text(credit ? '/*/cbc:CreditNoteTypeCode' : '/*/cbc:InvoiceTypeCode');
  if (!(credit ? ['381', '81'] : ['380', '480']).includes(type))
    fail(
      'TypeCode',
      `${type || 'No'} type code: a UAE ${credit ? 'credit note is 381 or 81' : 'invoice is 380 or 480'}`,
    );
  if (u.text('/*/cbc:DocumentCurrencyCode') !== 'AED') fail('DocumentCurrencyCode', 'The document must be in AED');
  const seller = '/*/cac:AccountingSupplierParty/cac:Party';
  if (!TRN.test(u.text(`${seller}/cac:PartyTaxScheme/cbc:CompanyID`)))
    fail('AccountingSupplierParty', 'The seller TRN must be 15 digits starting with 1');
  if (!(EMIRATES as readonly string[]).includes(u.text(`${seller}/cac:PostalAddress/cbc:CountrySubentity`)))
    fail('AccountingSupplierParty', `The seller emirate must be one of ${EMIRATES.join(', ')}`);
  if (credit && !u.text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'))
    fail('BillingReference', 'A credit note must reference the invoice it corrects');
  const lineName = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const lines = u.nodes(`/*/${lineName}`);
  if (!lines.length) fail(lineName, 'The document has no lines');
  let lineSum = 0;
  for (const line of lines) {
    const id = u.text('cbc:ID', line);
    const category = u.text('cac:Item/cac:ClassifiedTaxCategory/cbc:ID', line);
    if (!CATEGORIES.has(category)) fail(`line ${id}`, 'Each line needs its VAT category (S, Z, E, O, AE, N)');
    if (category === 'S' && u.num('cac:Item/cac:ClassifiedTaxCategory/cbc:Percent', line) !== 5)
      fail(`line ${id}`, 'The standard VAT rate is 5%');
    lineSum += u.num('cbc:LineExtensionAmount', line);
  }
  const total = '/*/cac:LegalMonetaryTotal';
  if (round(lineSum, 2) !== u.num(`${total}/cbc:LineExtensionAmount`))
    fail('LegalMonetaryTotal', 'The line total is not the sum of the lines');
  const tax = u.num('/*/cac:TaxTotal/cbc:TaxAmount');
  const breakdown = u
    .nodes('/*/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount')
    .reduce((s, n) => s + Number(n.textContent), 0);
  if (Number.isNaN(tax) || round(breakdown, 2) !== tax)
    fail('TaxTotal', 'The VAT breakdown does not add up to the VAT total');
  if (round(u.num(`${total}/cbc:TaxExclusiveAmount`) + tax, 2) !== u.num(`${total}/cbc:TaxInclusiveAmount`))
    fail('LegalMonetaryTotal', 'Total with VAT is not total without VAT plus VAT');
  return problems;
}

const bearer = (req: IncomingMessage) => /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];

export function startUaeAspEmulator(port = 0, host = '127.0.0.1'): Promise<NetworkEmulator> {
  const PATH = '/api/v2/document_submissions';
  return startNetworkEmulator(
    port,
    host,
    (req, path) => req.method === 'POST' && path === PATH,
    (documents: ReceivedDocument[]) => async (req, res, path) => {
      if (req.method !== 'POST' || path !== PATH) return false;
      if (!bearer(req)) {
        req.resume();
        json(res, 401, { message: 'Unauthorized' });
        return true;
      }
      let body: {
        idempotencyGuid?: string;
        legalEntityId?: number;
        document?: { documentType?: string; rawDocumentData?: { document?: string } };
      };
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        json(res, 422, [{ source: 'body', details: 'The body is not JSON' }]);
        return true;
      }
      const previous = body.idempotencyGuid
        ? documents.find((d) => d.idempotencyGuid === body.idempotencyGuid && d.status === 'accepted')
        : undefined;
      if (previous) {
        json(res, 200, { guid: previous.id });
        return true;
      }
      const encoded = body.document?.rawDocumentData?.document;
      if (!encoded) {
        json(res, 422, [{ source: 'document.rawDocumentData.document', details: 'The document is missing' }]);
        return true;
      }
      const xml = Buffer.from(encoded, 'base64').toString('utf8');
      const read = readUbl(xml);
      const problems = 'error' in read ? [{ source: 'document', details: read.error }] : checkPintAe(read.ubl);
      const ubl = 'ubl' in read ? read.ubl : null;
      const doc: ReceivedDocument = {
        id: randomUUID(),
        number: ubl?.text('/*/cbc:ID') ?? '',
        uuid: ubl?.text('/*/cbc:UUID') ?? '',
        status: problems.length ? 'rejected' : 'accepted',
        messages: problems.map((p) => `${p.source}: ${p.details}`),
        receivedAt: new Date().toISOString(),
        xml,
        idempotencyGuid: body.idempotencyGuid,
        legalEntityId: body.legalEntityId,
        documentType: body.document?.documentType,
      };
      documents.push(doc);
      if (problems.length) json(res, 422, problems);
      else json(res, 200, { guid: doc.id });
      return true;
    },
  );
}
