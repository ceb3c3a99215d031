/**
 * The text layer of a PDF (issue 28: a maintained reader instead of our own content-stream
 * parser): pdf.js through `unpdf`, which bundles a serverless build of pdf.js (no worker, no
 * canvas, no download at run time). It reads what the former reader could not: composite
 * (Type0/Identity-H) fonts through their ToUnicode maps — Arabic PDFs such as the ones our own
 * PDF module (functions/lib/pdf) writes — and every filter pdf.js knows.
 *
 * - Loaded lazily (`await import('unpdf')`, about 1.6 MB): a Lambda pays for it only when a PDF
 *   is read, never at cold start (test/infra/lambda-bundles.test.ts measures the cold start).
 * - Lines: pdf.js's end-of-line marks, and a new line wherever the baseline moves; pages are
 *   joined with a line break. Reading order is pdf.js's (right-to-left runs come out in logical
 *   order).
 * - Arabic presentation forms (the shaped glyphs a PDF shows, U+FB50–U+FDFF, U+FE70–U+FEFF) are
 *   folded to the base letters (NFKC), so "عقد" is found as typed.
 * - A file pdf.js cannot open (damaged, encrypted, not a PDF) has no readable text: ''.
 * - Image-only scans have no text layer: '' too (OCR of images is lib/ocr.ts).
 */
const PRESENTATION_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFE]+/g;

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
  transform?: number[];
  height?: number;
}

/** The lines of one page's text items. */
export function linesOfItems(items: readonly TextItemLike[]): string[] {
  const lines: string[] = [];
  let line = '';
  let baseline: number | null = null;
  const flush = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    const y = item.transform?.[5];
    const tolerance = Math.max(1, (item.height ?? 0) / 2);
    if (item.str && y !== undefined && baseline !== null && Math.abs(y - baseline) > tolerance) flush();
    if (item.str && y !== undefined) baseline = y;
    line += item.str;
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

/** Arabic presentation forms → base letters; the rest as it is. */
export const foldPresentationForms = (text: string) => text.replace(PRESENTATION_FORMS, (s) => s.normalize('NFKC'));

/** Every page's text, one line per text line; '' when the file has no readable text layer. */
export async function extractPdfText(pdf: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes ownership of (and detaches) the buffer it is given.
    doc = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0 });
  } catch {
    return '';
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(linesOfItems(content.items as TextItemLike[]).join('\n'));
    }
    return foldPresentationForms(pages.filter((p) => p).join('\n'));
  } catch {
    return '';
  } finally {
    await doc.loadingTask.destroy();
  }
}
