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

interface OcrWorker { recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>; terminate(): Promise<unknown> }
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
      if (/^[PIAC][A-Z<]/.test(fixed)) fixed = fixed.slice(0, 2) + fixed.slice(2, 5).replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S') + fixed.slice(5);
      // TD3 line 2: nationality at 10–12 is letters.
      if (fixed.length === 44 && /^[A-Z0-9<]{9}\d/.test(fixed)) fixed = fixed.slice(0, 10) + fixed.slice(10, 13).replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S') + fixed.slice(13);
      return fixed;
    })
    .join('\n');
}
