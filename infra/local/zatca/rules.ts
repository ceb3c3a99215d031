import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';

/**
 * ZATCA's published business rules (infra/local/zatca/sdk/Rules/schematrons: EN 16931 and KSA, schematron
 * compiled to XSLT 2.0) run in Node with SaxonJS, for the ZATCA emulator. SaxonJS runs compiled stylesheets
 * (SEF) only, so each .xsl is compiled once with xslt3 (about 30 s each on this machine, both in parallel) and
 * cached in .local/zatca-sef/ (gitignored) under a name carrying the .xsl's hash, so an updated SDK recompiles.
 * A warm run costs about 120–260 ms per document for both rule sets (the first one ~1–2 s).
 * What SaxonJS cannot do here: the UBL XSD check (no schema-aware processing in SaxonJS); `validate-ksa`
 * (Java) does that one for tests that want it.
 */
export interface RuleFailure {
  id: string;
  /** 'fatal' / 'error' as the schematron flags it; 'warning' for warnings. */
  flag: string;
  text: string;
  set: 'EN' | 'KSA';
}

const RULE_SETS = [
  { file: 'CEN-EN16931-UBL', set: 'EN' as const },
  { file: '20210819_ZATCA_E-invoice_Validation_Rules', set: 'KSA' as const },
];

const here = import.meta.dirname;
const rulesDir = resolve(here, 'sdk/Rules/schematrons');
export const SEF_CACHE_DIR = resolve(here, '../../../.local/zatca-sef');

const run = promisify(execFile);

async function compiled(file: string): Promise<{ sef: unknown; baseUri: string }> {
  const xsl = resolve(rulesDir, `${file}.xsl`);
  const tag = createHash('sha256').update(readFileSync(xsl)).digest('hex').slice(0, 12);
  const sefPath = resolve(SEF_CACHE_DIR, `${file}.${tag}.sef.json`);
  if (!existsSync(sefPath)) {
    mkdirSync(SEF_CACHE_DIR, { recursive: true });
    const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
    const tmp = `${sefPath}.${process.pid}.tmp`;
    // -relocate:on keeps the SEF independent of this path; the base URI is given back at run time
    // (the rules call doc-available('') for their error-path helper).
    await run(process.execPath, [xslt3, `-xsl:${xsl}`, `-export:${tmp}`, '-nogo', '-relocate:on', '-ns:##html5'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    renameSync(tmp, sefPath);
  }
  return { sef: JSON.parse(readFileSync(sefPath, 'utf8')), baseUri: `file://${xsl}` };
}

let loading: Promise<{ set: 'EN' | 'KSA'; sef: unknown; baseUri: string }[]> | undefined;

/** Compiles (first time) and loads both rule sets; call early to overlap the compile with other work. */
export function loadKsaRules() {
  loading ??= Promise.all(RULE_SETS.map(async (r) => ({ set: r.set, ...(await compiled(r.file)) })));
  return loading;
}

const FAILED = /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g;
const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * BR-KSA-04 ("issue date ≤ current date") is judged by ZATCA in Saudi time, but SaxonJS takes the
 * current date in the process's zone (UTC here): from 21:00 UTC a Saudi company's invoice is dated
 * tomorrow in UTC and the rule would refuse it. The emulator judges that one rule as ZATCA does.
 */
const KSA_ZONE = 'Asia/Riyadh';
export const todayInKsa = (now = new Date()) => now.toLocaleDateString('en-CA', { timeZone: KSA_ZONE });
const issueDateOf = (xml: string) => /<cbc:IssueDate>(\d{4}-\d{2}-\d{2})<\/cbc:IssueDate>/.exec(xml)?.[1];
const wrongZoneOnly = (f: RuleFailure, xml: string) => {
  if (f.id !== 'BR-KSA-04') return false;
  const issued = issueDateOf(xml);
  return issued !== undefined && issued <= todayInKsa();
};

/** Every failed assert of the EN 16931 and KSA rules for one UBL document (well-formed XML expected). */
export async function runKsaRules(xml: string): Promise<RuleFailure[]> {
  return (await runRuleSets(xml)).filter((f) => !wrongZoneOnly(f, xml));
}

async function runRuleSets(xml: string): Promise<RuleFailure[]> {
  const sets = await loadKsaRules();
  const out: RuleFailure[] = [];
  for (const { set, sef, baseUri } of sets) {
    const svrl = SaxonJS.transform(
      { stylesheetInternal: sef, stylesheetBaseURI: baseUri, sourceText: xml, destination: 'serialized' },
      'sync',
    ).principalResult;
    for (const m of svrl.matchAll(FAILED)) {
      const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? '';
      out.push({
        id: attr(m[1], 'id') ?? '',
        flag: attr(m[1], 'flag') ?? 'error',
        text: unescapeXml(text).replace(/\s+/g, ' ').trim(),
        set,
      });
    }
  }
  return out;
}
