/**
 * The audit log in words (issue 27): an action (`auth.login`, `rental.pickup`) reads as
 * "Sign-in: signed in", "Rental: picked up" in the reader's language; the stored before/after
 * summary reads as "status: active → returned" with dates on the company's clock and codes
 * translated; a risk note ("medium risk (new_device): refused") reads as "Medium risk (New
 * device): Refused". The audit items keep their codes (they are the filterable record); only
 * what a person reads is made here. Used by the Security page and by the raw-text test.
 */
import { codeLabel } from './alert-text';
import { security } from './i18n/security';
import { fill, humanizeCode, readableText, type TextFormat } from './readable';

type Lang = TextFormat['language'];
const dict = (o: unknown) => (o ?? {}) as Record<string, string>;

/** "auth.login" → "Sign-in: signed in"; an unknown area or verb is humanized (never shown raw). */
export function auditActionText(action: string, language: Lang): string {
  const a = security[language].audit;
  const [area = '', ...rest] = action.split('.');
  const verbCode = rest.join('_');
  const areaLabel = dict(a.area)[area] ?? humanizeCode(area);
  if (!verbCode) return areaLabel;
  const verb =
    dict(a.verb)[verbCode] ??
    dict(a.verb)[`${area}_${verbCode}`] ??
    dict(a.verb)[rest[rest.length - 1]!] ??
    humanizeCode(verbCode).toLowerCase();
  return `${areaLabel}: ${verb}`;
}

/** The record type ('USER', 'company_settings', 'traffic_ticket') in words. */
export function auditEntityText(entity: string, language: Lang): string {
  const code = entity.toLowerCase();
  const a = security[language].audit;
  return dict(a.entity)[code] ?? dict(a.area)[code] ?? humanizeCode(code);
}

const RISK_NOTE = /^(low|medium|high|critical) risk(?: \(([^)]*)\))?: (.*)$/;

/** An audit note: a risk note translated from its parts, any other note made readable. */
export function auditNoteText(note: string, fmt: TextFormat): string {
  const lang = fmt.language;
  const s = security[lang];
  const label = (code: string) => dict(s.risk.signal)[code] ?? dict(s.risk.outcome)[code] ?? codeLabel(code, lang);
  const m = RISK_NOTE.exec(note);
  if (m) {
    const [, level, inParens, tail] = m;
    // Sign-in notes write "level risk: signals"; refusals "level risk (signals): outcome".
    const signalCodes = (inParens ?? (tail === 'no signals' ? '' : tail!))
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const signals = signalCodes.map((c) => label(c) ?? humanizeCode(c)).join(', ') || s.audit.riskNoSignals;
    const outcome = inParens !== undefined ? (label(tail!.trim()) ?? readableText(tail!, fmt, label)) : '';
    const text = fill(s.audit.risk, { level: dict(s.risk.level)[level!] ?? level, signals, outcome });
    return outcome ? text : text.replace(/:\s*$/, '');
  }
  return readableText(note, fmt, label);
}

/**
 * A summary field's name in the reader's language ('fuelLevel' → fuel_level → "fuel level"); unknown ones as plain
 * words.
 */
function fieldName(key: string, language: Lang): string {
  const code = key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  return dict(security[language].audit.field)[code] ?? humanizeCode(code).toLowerCase();
}

function valueText(v: unknown, fmt: TextFormat): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map((x) => valueText(x, fmt)).join(', ');
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${fieldName(k, fmt.language)} ${valueText(x, fmt)}`)
      .join(', ');
  // A status word (new, dismissed, in_maintenance) in the reader's language; other text made readable.
  if (typeof v === 'string')
    return dict(security[fmt.language].audit.value)[v] ?? readableText(v, fmt, (c) => codeLabel(c, fmt.language));
  return String(v);
}

/** The stored summary ({before, after, note} as JSON) as a person reads it. */
export function auditDetailsText(summary: string | null | undefined, fmt: TextFormat): string {
  if (!summary) return '';
  let s: { before?: unknown; after?: unknown; note?: string };
  try {
    s = JSON.parse(summary) as typeof s;
  } catch {
    return auditNoteText(summary, fmt);
  }
  const a = security[fmt.language].audit;
  const parts: string[] = [];
  const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
  if (isRecord(s.before) || isRecord(s.after)) {
    const before = isRecord(s.before) ? s.before : {};
    const after = isRecord(s.after) ? s.after : {};
    for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])]) {
      if (k in before && k in after)
        parts.push(`${fieldName(k, fmt.language)}: ${valueText(before[k], fmt)} → ${valueText(after[k], fmt)}`);
      else if (k in after) parts.push(`${fieldName(k, fmt.language)}: ${valueText(after[k], fmt)}`);
      else parts.push(`${fieldName(k, fmt.language)}: ${valueText(before[k], fmt)} (${a.before})`);
    }
  } else {
    if (s.before !== undefined) parts.push(`${a.before}: ${valueText(s.before, fmt)}`);
    if (s.after !== undefined) parts.push(`${a.after}: ${valueText(s.after, fmt)}`);
  }
  if (s.note) parts.push(auditNoteText(s.note, fmt));
  return parts.join(' · ');
}
