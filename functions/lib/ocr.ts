import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Offline OCR of images (DESIGN.md §16): tesseract.js with the English model from the
 * `@tesseract.js-data/eng` npm package — nothing is downloaded at run time, nothing leaves the
 * machine. One worker per process, started on first use (~0.5 s) and kept warm; a 900×500
 * photo reads in about a second. No Arabic model exists on the registry: Arabic text is not read.
 *
 * The module name is held in a variable so the Lambda bundler leaves tesseract.js (and its
 * worker script and WebAssembly core, which it loads from its own folder) outside the bundle:
 * in the cloud the documents Lambda needs them as node modules beside the bundle. Where they are
 * missing, `ocrAvailable()` is false and callers say so instead of pretending.
 */
const TESSERACT = 'tesseract.js';
const MODEL_PACKAGE = '@tesseract.js-data/eng/package.json';

interface OcrWorker {
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  terminate(): Promise<unknown>;
}
let worker: Promise<OcrWorker> | undefined;

function modelPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(MODEL_PACKAGE)), '4.0.0_best_int');
}

export class OcrUnavailable extends Error {}

async function start(): Promise<OcrWorker> {
  let mod: { createWorker: (lang: string, oem: number, opts: Record<string, unknown>) => Promise<OcrWorker> };
  try {
    mod = (await import(TESSERACT)) as typeof mod;
  } catch {
    throw new OcrUnavailable('OCR is not installed in this deployment');
  }
  const create = mod.createWorker ?? (mod as unknown as { default: typeof mod }).default.createWorker;
  return create('eng', 1, { langPath: modelPath(), cacheMethod: 'none', gzip: true });
}

/** The text tesseract reads in an image (PNG or JPEG), with its mean confidence 0..1. */
export async function ocrImage(image: Buffer): Promise<{ text: string; confidence: number }> {
  worker ??= start().catch((err) => {
    worker = undefined;
    throw err;
  });
  const res = await (await worker).recognize(image);
  return { text: res.data.text ?? '', confidence: Math.max(0, Math.min(1, (res.data.confidence ?? 0) / 100)) };
}

/**
 * OCR reads filler '<' as 'L', 'K' or 'C' at the end of a machine-readable zone and letters as
 * digits in the country code: repair what the ICAO layout makes certain (check digits still
 * decide the confidence afterwards).
 */
export function repairMrzText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const l = line.replace(/\s+/g, '');
      if (!/^[A-Z0-9<]{28,46}$/.test(l) || !l.includes('<<')) return line;
      let fixed = l.replace(/<<[<LKC]{3,}$/, (m) => '<'.repeat(m.length));
      if (/^[PIAC][A-Z<]/.test(fixed))
        fixed =
          fixed.slice(0, 2) +
          fixed.slice(2, 5).replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S') +
          fixed.slice(5);
      // TD3 line 2: nationality at 10–12 is letters.
      if (fixed.length === 44 && /^[A-Z0-9<]{9}\d/.test(fixed))
        fixed =
          fixed.slice(0, 10) +
          fixed.slice(10, 13).replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S') +
          fixed.slice(13);
      // Name fields: TD3 line 1 (P…, 44), TD2 line 1 (36), TD1 line 3 (30, letters and fillers only).
      if ((fixed.length === 44 || fixed.length === 36) && /^[PIAC][A-Z<][A-Z<]{3}/.test(fixed))
        fixed = fixed.slice(0, 5) + repairMrzName(fixed.slice(5));
      else if (fixed.length === 30 && /^[A-Z<]{30}$/.test(fixed)) fixed = repairMrzName(fixed);
      return fixed;
    })
    .join('\n');
}

const FILLER_LOOKALIKES = 'CKL';
const fillerLike = (token: string) =>
  token === '' ||
  [...token].every((c) => FILLER_LOOKALIKES.includes(c)) ||
  (token.length >= 4 && [...token].filter((c) => FILLER_LOOKALIKES.includes(c)).length / token.length >= 0.75);

/**
 * The name field of an MRZ ends in filler '<', which OCR reads as runs of C, K or L
 * ("KHAN<<SARA<C<C<CCCCCCCCCCCACS" was shown as "Sara C C Cccccccccccacs Khan"). Names carry no
 * check digit, so nothing downstream would catch it: from the end, tokens made of those letters
 * (or mostly of them, 4+ long) turn back into filler. The primary identifier (before `<<`) is
 * never touched, and the first real-looking token stops the repair.
 */
export function repairMrzName(name: string): string {
  const surnameEnd = name.indexOf('<<');
  if (surnameEnd <= 0) return name;
  const tokens = name.split('<');
  let pos = name.length;
  let cut = name.length;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const start = pos - tokens[i].length;
    if (start <= surnameEnd + 1 || !fillerLike(tokens[i])) break;
    cut = start;
    pos = start - 1;
  }
  return name.slice(0, cut) + '<'.repeat(name.length - cut);
}
