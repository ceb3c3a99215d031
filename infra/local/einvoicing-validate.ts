import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Checks UBL 2.1 documents the way the tests need it: the UBL 2.1 schema (Invoice or CreditNote,
 * by the document's root) with the JDK's validator, and optionally the EN 16931 business rules
 * (CEN's schematron compiled to XSLT, as ZATCA's SDK ships it) with Saxon-HE. Several files go
 * through ONE JVM per check (a JVM start costs about a second): one XsdValidate run per root
 * element, one Saxon run over a directory of all the files.
 *
 * Needs Java 17 and Debian's libsaxonhe-java (/usr/share/java/Saxon-HE.jar), like validate-ksa.
 *
 * ZATCA's copy of the EN 16931 rules was adapted to Saudi documents, which are all `Invoice`
 * roots (a KSA credit note is an Invoice with type 381). Two of its rules therefore misread a
 * `CreditNote` document, which EN 16931 itself accepts: BR-CL-01 lists 381 among the INVOICE
 * type codes only, and BR-22 looks for cbc:InvoicedQuantity where a credit note line has
 * cbc:CreditedQuantity. For CreditNote documents those two findings are reported as warnings
 * (prefixed "KSA adaptation"), not errors; everything else counts as it is flagged.
 */
export interface UblValidation {
  errors: string[];
  warnings: string[];
}

const here = import.meta.dirname;
const ZATCA = resolve(here, 'zatca');
export const XSD = {
  Invoice: resolve(ZATCA, 'sdk/Schemas/xsds/UBL2.1/xsd/maindoc/UBL-Invoice-2.1.xsd'),
  // ZATCA's SDK has no CreditNote schema: ours lists the UBL 2.1 CreditNote sequence over the SDK's common schemas.
  CreditNote: resolve(here, 'einvoicing/UBL-CreditNote-2.1.xsd'),
} as const;
export const EN16931_XSL = resolve(ZATCA, 'sdk/Rules/schematrons/CEN-EN16931-UBL.xsl');
const SAXON = '/usr/share/java/Saxon-HE.jar';
const XSD_VALIDATE = resolve(ZATCA, 'XsdValidate.java');

type Root = keyof typeof XSD;

function run(cmd: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((res) => {
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      res({ code, out: `${stdout}${stderr}` });
    });
  });
}

async function rootOf(path: string): Promise<Root | null> {
  const text = await readFile(path, 'utf8');
  const m = /<(?:[A-Za-z_][\w.-]*:)?(Invoice|CreditNote)[\s>]/.exec(text.replace(/<\?xml[^>]*\?>/, ''));
  return m ? (m[1] as Root) : null;
}

async function xsdCheck(paths: string[], root: Root, results: Map<string, UblValidation>): Promise<void> {
  const { code, out } = await run('java', [XSD_VALIDATE, XSD[root], ...paths]);
  let attributed = false;
  for (const line of out.split('\n')) {
    const m = /^\s*XSD\s+(.+?):(\d+): (.*)$/.exec(line);
    const target = m && paths.find((p) => m[1] === p);
    if (m && target) {
      results.get(target)?.errors.push(`XSD line ${m[2]}: ${m[3]}`);
      attributed = true;
    }
  }
  // A run that failed without naming a file (unreadable schema, no Java): every file of the run fails.
  if (code !== 0 && !attributed)
    for (const p of paths) results.get(p)?.errors.push(`XSD check did not run: ${out.trim().slice(0, 300)}`);
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** Failed assertions of an SVRL report: flag (fatal, error, warning; none = error), rule id, text. */
export function svrlFailures(svrl: string): { flag: string; id: string; text: string }[] {
  const found: { flag: string; id: string; text: string }[] = [];
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const flag = /\bflag="([^"]*)"/.exec(m[1])?.[1] ?? 'error';
    const id = /\bid="([^"]*)"/.exec(m[1])?.[1] ?? '?';
    const text = decode(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? '');
    found.push({ flag, id, text });
  }
  return found;
}

const KSA_ADAPTED_FOR_CREDIT_NOTES = new Set(['BR-CL-01', 'BR-22']);

async function en16931Check(paths: string[], roots: Map<string, Root | null>, results: Map<string, UblValidation>) {
  const dir = await mkdtemp(join(tmpdir(), 'ubl-en16931-'));
  try {
    const input = join(dir, 'in');
    const output = join(dir, 'out');
    await Promise.all([mkdir(input), mkdir(output)]);
    await Promise.all(paths.map((p, i) => copyFile(p, join(input, `${i}.xml`))));
    const { code, out } = await run('java', ['-jar', SAXON, `-s:${input}`, `-xsl:${EN16931_XSL}`, `-o:${output}`]);
    const written = new Set(await readdir(output));
    for (const [i, p] of paths.entries()) {
      const r = results.get(p) as UblValidation;
      if (!written.has(`${i}.xml`)) {
        r.errors.push(`EN 16931 check did not run (exit ${code}): ${out.trim().slice(0, 300)}`);
        continue;
      }
      const credit = roots.get(p) === 'CreditNote';
      for (const f of svrlFailures(await readFile(join(output, `${i}.xml`), 'utf8'))) {
        const line = `${f.id}: ${f.text}`;
        if (f.flag === 'warning') r.warnings.push(line);
        else if (credit && KSA_ADAPTED_FOR_CREDIT_NOTES.has(f.id))
          r.warnings.push(`KSA adaptation, not EN 16931: ${line}`);
        else r.errors.push(line);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Validates each file; returns its errors (schema, fatal and error rules) and warnings, by path as given. */
export async function validateUbl(
  xmlPaths: string[],
  options: { en16931: boolean },
): Promise<Record<string, UblValidation>> {
  const results = new Map<string, UblValidation>(xmlPaths.map((p) => [p, { errors: [], warnings: [] }]));
  const roots = new Map<string, Root | null>();
  for (const p of xmlPaths) roots.set(p, await rootOf(p));
  const byRoot = new Map<Root, string[]>();
  for (const p of xmlPaths) {
    const root = roots.get(p);
    if (!root) results.get(p)?.errors.push('not a UBL Invoice or CreditNote document');
    else byRoot.set(root, [...(byRoot.get(root) ?? []), p]);
  }
  const checks: Promise<void>[] = [...byRoot].map(([root, paths]) => xsdCheck(paths, root, results));
  const ubl = xmlPaths.filter((p) => roots.get(p));
  if (options.en16931 && ubl.length) checks.push(en16931Check(ubl, roots, results));
  await Promise.all(checks);
  return Object.fromEntries(results);
}
