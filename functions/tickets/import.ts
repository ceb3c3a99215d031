/**
 * Statement import (issue 13): a CSV of fines (RTA, Dubai Police, any export) or a Salik
 * statement. Steps: headers → mapping (sent, else the source's remembered mapping, else guessed
 * from the headers) → every row read and checked (per-row field errors) → duplicates found (the
 * authority's reference: ticket number / Salik transaction id, in the file and in the books) →
 * matched to a rental → preview, or commit of the valid new rows.
 *
 * Idempotent: each created record claims its reference in the same transaction
 * (TICKET_NO / SALIK_TX items), so importing the same file again — even twice at once — creates
 * nothing new. The mapping used by a commit is remembered for its source.
 */
import { TICKET_MESSAGES as M } from '../../shared/tickets/messages';
import type { ImportBody, ImportResult, ImportRow } from '../../shared/schemas/tickets';
import { normalizeReference } from '../../shared/tickets/rules';
import {
  guessMapping,
  readAmountMinor,
  readWallClock,
  SALIK_IMPORT_FIELDS,
  SALIK_REQUIRED_FIELDS,
  TICKET_IMPORT_FIELDS,
  TICKET_REQUIRED_FIELDS,
  wallClockToInstant,
} from '../../shared/tickets/statement';
import { parseCsv } from '../../shared/csv';
import { fromMinor } from '../../shared/money';
import { batchGet, getItem, putItem, transact } from '../lib/data/repo';
import { isConditionFailure, validationFailed } from '../lib/errors';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import type { Actor } from '../lib/actor';
import { matchAt, vehicleByPlate, type VehicleRef } from './deps';
import { mappingKey, salikTxKey, ticketNumberKey, type MatchFields } from './model';
import { newTicketItems } from './tickets';
import { newSalikItems } from './salik';
import { markQueueWork } from './queue';

export const MAX_IMPORT_ROWS = 2000;
type Kind = 'tickets' | 'salik';

interface ParsedRow {
  row: ImportRow;
  reference: string;
  at: string;
  amountMinor: number;
  plate: string;
  cells: Record<string, string>;
  match?: MatchFields;
}

const FIELDS = { tickets: TICKET_IMPORT_FIELDS, salik: SALIK_IMPORT_FIELDS } as const;
const REQUIRED = { tickets: TICKET_REQUIRED_FIELDS, salik: SALIK_REQUIRED_FIELDS } as const;
const REF_FIELD = { tickets: 'ticketNumber', salik: 'transactionId' } as const;

async function resolveMapping(
  tenantId: string,
  kind: Kind,
  headers: string[],
  body: ImportBody,
): Promise<Record<string, string>> {
  const remembered = (await getItem(mappingKey(tenantId, kind, body.source ?? 'default'), false))?.mapping as
    | Record<string, string>
    | undefined;
  const base = { ...guessMapping(headers, FIELDS[kind]), ...(remembered ?? {}), ...(body.mapping ?? {}) };
  const mapping: Record<string, string> = {};
  for (const [f, col] of Object.entries(base))
    if ((FIELDS[kind] as readonly string[]).includes(f) && col) mapping[f] = col;
  const errors: Record<string, string> = {};
  for (const f of REQUIRED[kind]) if (!mapping[f]) errors[`mapping.${f}`] = M.mappingMissing;
  for (const [f, col] of Object.entries(mapping))
    if (!headers.includes(col)) errors[`mapping.${f}`] = M.mappingUnknownColumn;
  if (Object.keys(errors).length) throw validationFailed(errors, "Map the statement's columns");
  return mapping;
}

export async function importStatement(actor: Actor, kind: Kind, body: ImportBody): Promise<ImportResult> {
  const table = parseCsv(body.csv);
  if (table.length < 2) throw validationFailed({ csv: M.csvEmpty });
  if (table.length - 1 > MAX_IMPORT_ROWS) throw validationFailed({ csv: M.csvTooManyRows });
  const headers = table[0].map((h) => h.trim());
  const mapping = await resolveMapping(actor.tenantId, kind, headers, body);
  const settings = await readCompanySettings(actor.tenantId, '');
  const zone = companyTimezone(settings);
  const col = (f: string) => (mapping[f] ? headers.indexOf(mapping[f]) : -1);

  // 1. Read every row.
  const parsed: ParsedRow[] = [];
  const seen = new Set<string>();
  for (const [i, cellsRow] of table.slice(1).entries()) {
    const cell = (f: string) => (col(f) >= 0 ? (cellsRow[col(f)] ?? '').trim() : '');
    const errors: Record<string, string> = {};
    for (const f of REQUIRED[kind]) if (!cell(f)) errors[f] = M.cellRequired;
    const wall = cell('date') ? readWallClock(cell('date'), cell('time') || undefined) : null;
    if (cell('date') && !wall) errors.date = M.cellBadDate;
    const amountMinor = cell('amount') ? readAmountMinor(cell('amount')) : null;
    if (cell('amount') && amountMinor === null) errors.amount = M.cellBadAmount;
    const reference = cell(REF_FIELD[kind]);
    const norm = normalizeReference(reference);
    if (reference && seen.has(norm)) errors[REF_FIELD[kind]] = M.duplicateInFile;
    if (reference) seen.add(norm);
    const at = wall ? wallClockToInstant(wall, zone) : null;
    const cells = Object.fromEntries(Object.keys(mapping).map((f) => [f, cell(f)]));
    parsed.push({
      row: {
        row: i + 2,
        outcome: Object.keys(errors).length ? 'error' : 'create',
        errors,
        reference: reference || null,
        plate: cell('plate') || null,
        at,
        amount: amountMinor === null ? null : fromMinor(amountMinor),
        matchState: null,
        rentalReference: null,
        customer: null,
      },
      reference,
      at: at ?? '',
      amountMinor: amountMinor ?? 0,
      plate: cell('plate').toUpperCase(),
      cells,
    });
  }

  // 2. Duplicates of what is already in the books (one BatchGet per 100 references).
  const valid = parsed.filter((p) => p.row.outcome === 'create');
  const claimKey = (p: ParsedRow) =>
    kind === 'tickets' ? ticketNumberKey(actor.tenantId, p.reference) : salikTxKey(actor.tenantId, p.reference);
  for (let i = 0; i < valid.length; i += 100) {
    const chunk = valid.slice(i, i + 100);
    const found = await batchGet(chunk.map(claimKey), false);
    chunk.forEach((p, j) => {
      if (found[j]) p.row.outcome = 'duplicate';
    });
  }

  // 3. Match the new rows (vehicles by plate once per plate).
  const vehicles = new Map<string, VehicleRef | undefined>();
  for (const p of parsed.filter((x) => x.row.outcome === 'create')) {
    if (!vehicles.has(p.plate)) vehicles.set(p.plate, await vehicleByPlate(actor.tenantId, p.plate));
    p.match = await matchAt(actor.tenantId, vehicles.get(p.plate), p.plate, p.at);
    Object.assign(p.row, {
      matchState: p.match.matchState,
      rentalReference: p.match.rentalReference,
      customer: p.match.customerName,
    });
  }

  // 4. Commit: one small transaction per row; a reference claimed meanwhile counts as a duplicate.
  let created = 0;
  if (!body.preview) {
    const now = new Date().toISOString();
    for (const p of parsed.filter((x) => x.row.outcome === 'create')) {
      const { items } =
        kind === 'tickets'
          ? newTicketItems(
              actor,
              {
                ...p.match!,
                ticketNumber: p.reference,
                violationDate: p.at,
                violationType: p.cells.violationType || null,
                location: p.cells.location || null,
                amountMinor: p.amountMinor,
                status: 'unpaid',
                notes: null,
                externalId: p.reference,
                source: 'import',
                fileKey: null,
                fileName: null,
              },
              now,
            )
          : newSalikItems(
              actor,
              {
                ...p.match!,
                amountMinor: p.amountMinor,
                gateLocation: p.cells.gate || '—',
                tollTime: p.at,
                status: 'paid',
                notes: null,
                source: 'import',
                transactionId: p.reference,
                direction: p.cells.direction || null,
                tag: p.cells.tag || null,
              },
              now,
            );
      try {
        await transact(items);
        created++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        p.row.outcome = 'duplicate';
      }
    }
    await putItem({
      ...mappingKey(actor.tenantId, kind, body.source ?? 'default'),
      entityType: 'IMPORT_MAPPING',
      mapping,
      updatedAt: now,
    });
    if (created > 0) await markQueueWork(actor.tenantId);
  }

  const rows = parsed.map((p) => p.row);
  const counts = {
    create: rows.filter((r) => r.outcome === 'create').length,
    duplicate: rows.filter((r) => r.outcome === 'duplicate').length,
    error: rows.filter((r) => r.outcome === 'error').length,
    matched: rows.filter((r) => r.outcome === 'create' && r.matchState === 'matched').length,
    unmatched: rows.filter((r) => r.outcome === 'create' && r.matchState !== 'matched').length,
  };
  return { headers, mapping, rows, counts, created };
}
