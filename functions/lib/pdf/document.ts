import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { detectDirection, pdfRuns, visualOrder, type TextDirection } from './bidi';
import { fontBytes } from './fonts';
import { layoutTable, type TableColumn } from './table';
import { wrapText } from './wrap';

/**
 * The shared PDF writer for every printed document (contracts, invoices, receipts, statements,
 * reports, inspection sheets): A4 pages with margins and automatic page breaks, the company's
 * branding header, bilingual section titles and rows (English on the left, Arabic on the right),
 * tables whose columns flip for right-to-left documents, and wrapped text in either script.
 * Text goes through ./bidi (shaping + the Unicode bidi algorithm) before pdf-lib draws it.
 *
 * pdf-lib and fontkit are heavy (≈1.5 MB): import this module lazily (`await import(...)`) from
 * the code that renders, never at a handler's top level.
 */
export interface Brand {
  companyName: string;
  /** #rrggbb; fall back to the product colours. */
  primaryColor?: string;
  secondaryColor?: string;
  textColor?: string;
  /** PNG or JPEG bytes; an unreadable logo leaves the header text-only. */
  logo?: Uint8Array;
}

export interface PdfDocumentOptions {
  title: string;
  /** Document language (metadata) and main direction: tables and headers flip for `ar`. */
  language: 'en' | 'ar';
  brand: Brand;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: RGB;
  /** Paragraph direction for the bidi algorithm; default: from the text's first strong letter. */
  direction?: TextDirection | 'auto';
}

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 40;

export function hexColor(hex: string | undefined, fallback: RGB): RGB {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) return fallback;
  const n = parseInt(m[1], 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

export async function createPdf(opts: PdfDocumentOptions): Promise<PdfWriter> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(opts.title);
  doc.setCreator('Sayyara');
  doc.setLanguage(opts.language);
  const regular = await doc.embedFont(fontBytes().regular, { subset: true });
  const bold = await doc.embedFont(fontBytes().bold, { subset: true });
  return new PdfWriter(doc, { regular, bold }, opts);
}

export class PdfWriter {
  readonly width = A4[0];
  readonly height = A4[1];
  readonly direction: TextDirection;
  readonly colors: { primary: RGB; secondary: RGB; ink: RGB; muted: RGB; band: RGB; white: RGB };
  page: PDFPage;
  /** Baseline of the next line; moves down as content is added. */
  y: number;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
    readonly options: PdfDocumentOptions,
  ) {
    this.direction = options.language === 'ar' ? 'rtl' : 'ltr';
    this.colors = {
      primary: hexColor(options.brand.primaryColor, rgb(0.23, 0.51, 0.96)),
      secondary: hexColor(options.brand.secondaryColor, rgb(0.55, 0.36, 0.96)),
      ink: hexColor(options.brand.textColor, rgb(0.12, 0.16, 0.22)),
      muted: rgb(0.42, 0.45, 0.5),
      band: rgb(0.95, 0.96, 0.98),
      white: rgb(1, 1, 1),
    };
    this.page = doc.addPage(A4);
    this.y = this.height - MARGIN;
  }

  get left() {
    return MARGIN;
  }

  get right() {
    return this.width - MARGIN;
  }

  /** The height of a page's content area (what `ensureSpace` can ever give). */
  get pageRoom(): number {
    return this.height - MARGIN - (MARGIN + 20);
  }

  /** Starts a new page when fewer than `needed` points are left above the bottom margin. */
  ensureSpace(needed: number): void {
    if (this.y - needed < MARGIN + 20) {
      this.page = this.doc.addPage(A4);
      this.y = this.height - MARGIN;
    }
  }

  font(bold?: boolean): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Width of one line as it will be drawn. */
  measure(text: string, opts: TextOptions = {}): number {
    const font = this.font(opts.bold);
    const size = opts.size ?? 10;
    return pdfRuns(visualOrder(text, opts.direction ?? 'auto')).reduce(
      (w, r) => w + font.widthOfTextAtSize(r.text, size),
      0,
    );
  }

  /**
   * Draws one line at the current baseline. `x` is the line's left edge (align left), right edge
   * (align right) or middle (align center).
   */
  line(text: string, x: number, align: 'left' | 'right' | 'center', opts: TextOptions = {}): void {
    if (!text) return;
    const font = this.font(opts.bold);
    const size = opts.size ?? 10;
    const runs = pdfRuns(visualOrder(text, opts.direction ?? 'auto'));
    const widths = runs.map((r) => font.widthOfTextAtSize(r.text, size));
    const total = widths.reduce((a, b) => a + b, 0);
    let cursor = align === 'left' ? x : align === 'right' ? x - total : x - total / 2;
    runs.forEach((r, i) => {
      this.page.drawText(r.text, { x: cursor, y: this.y, size, font, color: opts.color ?? this.colors.ink });
      cursor += widths[i];
    });
  }

  /** Wrapped text in a box; returns the number of lines drawn. Moves the baseline down. */
  paragraph(text: string, x: number, width: number, opts: TextOptions & { lineHeight?: number } = {}): number {
    const size = opts.size ?? 9;
    const lineHeight = opts.lineHeight ?? size * 1.4;
    const direction = opts.direction && opts.direction !== 'auto' ? opts.direction : detectDirection(text);
    const lines = wrapText(text, this.font(opts.bold), size, width);
    for (const l of lines) {
      this.ensureSpace(lineHeight);
      if (direction === 'rtl') this.line(l, x + width, 'right', { ...opts, size, direction });
      else this.line(l, x, 'left', { ...opts, size, direction });
      this.y -= lineHeight;
    }
    return lines.length;
  }

  /**
   * The branding header: a band in the primary colour with a secondary stripe, the logo and the
   * company name on the document's start side, the document title in English and Arabic and its
   * reference on the other side.
   */
  async brandHeader(title: { en: string; ar: string }, reference: string): Promise<void> {
    const { width: W, height: H } = this;
    const startIsLeft = this.direction === 'ltr';
    this.page.drawRectangle({ x: 0, y: H - 90, width: W, height: 90, color: this.colors.primary });
    this.page.drawRectangle({ x: 0, y: H - 96, width: W, height: 6, color: this.colors.secondary });
    let nameEdge = startIsLeft ? this.left : this.right;
    const logo = this.options.brand.logo;
    if (logo) {
      try {
        const img = await (logo[0] === 0x89 ? this.doc.embedPng(logo) : this.doc.embedJpg(logo));
        const scale = Math.min(60 / img.height, 120 / img.width);
        const w = img.width * scale;
        this.page.drawImage(img, {
          x: startIsLeft ? this.left : this.right - w,
          y: H - 75,
          width: w,
          height: img.height * scale,
        });
        nameEdge = startIsLeft ? this.left + w + 12 : this.right - w - 12;
      } catch {
        // an unreadable logo leaves the header text-only
      }
    }
    const white = { color: this.colors.white };
    const nameAlign = startIsLeft ? 'left' : 'right';
    const otherEdge = startIsLeft ? this.right : this.left;
    const otherAlign = startIsLeft ? 'right' : 'left';
    // The company name and the title share the first line: long ones are set smaller, not overlapped.
    const otherTitle = startIsLeft ? title.ar : title.en;
    const room = Math.abs(otherEdge - nameEdge) - 24;
    const titleSize = this.fitSize(otherTitle, 16, room * 0.45, true);
    const nameSize = this.fitSize(
      this.options.brand.companyName,
      18,
      room - this.measure(otherTitle, { size: titleSize, bold: true }),
      true,
    );
    this.y = H - 45;
    this.line(this.options.brand.companyName, nameEdge, nameAlign, { size: nameSize, bold: true, ...white });
    this.line(otherTitle, otherEdge, otherAlign, { size: titleSize, bold: true, ...white });
    // The second line (title, reference) shares the room the same way: set smaller, never overlapped.
    const subTitle = startIsLeft ? title.en : title.ar;
    const refSize = this.fitSize(reference, 11, room * 0.5);
    const subSize = this.fitSize(subTitle, 11, room - this.measure(reference, { size: refSize, direction: 'ltr' }));
    this.y = H - 68;
    this.line(subTitle, nameEdge, nameAlign, { size: subSize, ...white });
    this.line(reference, otherEdge, otherAlign, { size: refSize, ...white, direction: 'ltr' });
    this.y = H - 120;
  }

  /** A section title band: English on the left, Arabic on the right. */
  section(en: string, ar: string): void {
    this.ensureSpace(40);
    this.y -= 8;
    this.page.drawRectangle({
      x: this.left,
      y: this.y - 6,
      width: this.right - this.left,
      height: 20,
      color: this.colors.band,
    });
    this.line(en, this.left + 6, 'left', { size: 11, bold: true, color: this.colors.primary, direction: 'ltr' });
    this.line(ar, this.right - 6, 'right', { size: 11, bold: true, color: this.colors.primary, direction: 'rtl' });
    this.y -= 24;
  }

  /**
   * One bilingual row: the English label on the left, the Arabic label on the right, the value
   * between them (wrapped when long; its direction from its own first strong letter), aligned to
   * the document's start side.
   */
  row(en: string, ar: string, value: string): void {
    const valueX = this.left + 170;
    const valueRight = this.right - 150;
    const valueWidth = valueRight - valueX;
    const lines = wrapText(value, this.fonts.bold, 10, valueWidth);
    this.ensureSpace(16 * lines.length);
    this.line(en, this.left + 6, 'left', { size: 9, color: this.colors.muted, direction: 'ltr' });
    this.line(ar, this.right - 6, 'right', { size: 9, color: this.colors.muted, direction: 'rtl' });
    for (const l of lines) {
      if (this.direction === 'rtl') this.line(l, valueRight, 'right', { size: 10, bold: true });
      else this.line(l, valueX, 'left', { size: 10, bold: true });
      this.y -= 14;
    }
    this.y -= 2;
  }

  /** The largest size ≤ `size` (down to 8) at which one line of `text` fits in `width`. */
  fitSize(text: string, size: number, width: number, bold = false): number {
    let s = size;
    while (s > 8 && this.measure(text, { size: s, bold }) > width) s -= 0.5;
    return s;
  }

  /** The height `bilingualText` will take (to keep a block with what follows it). */
  bilingualTextHeight(en: string, ar: string, size = 8): number {
    const colWidth = (this.right - this.left - 20) / 2;
    return (
      Math.max(
        wrapText(en, this.fonts.regular, size, colWidth).length,
        wrapText(ar, this.fonts.regular, size, colWidth).length,
      ) *
      size *
      1.4
    );
  }

  /**
   * Two columns of wrapped text side by side: English on the left, Arabic on the right.
   * `keepWithNext` (points): its last lines stay on one page with that much of what follows
   * (the contract's terms with the signatures that sign them).
   */
  bilingualText(en: string, ar: string, size = 8, keepWithNext = 0): void {
    const colWidth = (this.right - this.left - 20) / 2;
    const linesEn = wrapText(en, this.fonts.regular, size, colWidth);
    const linesAr = wrapText(ar, this.fonts.regular, size, colWidth);
    const lineHeight = size * 1.4;
    const count = Math.max(linesEn.length, linesAr.length);
    for (let i = 0; i < count; i++) {
      this.ensureSpace(
        keepWithNext && i === Math.max(0, count - 3) ? (count - i) * lineHeight + keepWithNext : lineHeight,
      );
      if (linesEn[i]) this.line(linesEn[i], this.left + 6, 'left', { size, direction: 'ltr' });
      if (linesAr[i]) this.line(linesAr[i], this.right - 6, 'right', { size, direction: 'rtl' });
      this.y -= lineHeight;
    }
  }

  /**
   * A table across the content width: header row in the primary colour, wrapped cells, columns
   * ordered and aligned for the document's direction (see ./table).
   */
  table(columns: TableColumn[], rows: string[][], opts: { size?: number } = {}): void {
    const size = opts.size ?? 9;
    const lineHeight = size * 1.4;
    const layout = layoutTable({
      columns,
      rows,
      x: this.left,
      width: this.right - this.left,
      direction: this.direction,
      font: this.fonts.regular,
      headerFont: this.fonts.bold,
      size,
    });
    const drawRow = (cells: typeof layout.header, header: boolean, shaded: boolean) => {
      const height = Math.max(...cells.map((c) => c.lines.length)) * lineHeight + 6;
      this.ensureSpace(height);
      const top = this.y + size + 3;
      if (header || shaded) {
        this.page.drawRectangle({
          x: this.left,
          y: top - height,
          width: this.right - this.left,
          height,
          color: header ? this.colors.primary : this.colors.band,
        });
      }
      const baseline = this.y;
      for (const c of cells) {
        this.y = baseline;
        const anchor = c.align === 'left' ? c.x : c.align === 'right' ? c.x + c.width : c.x + c.width / 2;
        for (const l of c.lines) {
          this.line(l, anchor, c.align, { size, bold: header, color: header ? this.colors.white : this.colors.ink });
          this.y -= lineHeight;
        }
      }
      this.y = baseline - height;
    };
    drawRow(layout.header, true, false);
    layout.rows.forEach((cells, i) => drawRow(cells, false, i % 2 === 1));
    this.y -= 6;
  }

  /**
   * Two drawn signatures (PNG bytes) side by side, to be followed by `signatures(...)`: the left
   * image above the left line, the right one above the right line. Throws when a PNG cannot be
   * read (callers check the bytes first: lib/signature.ts).
   */
  async signatureImages(left: Uint8Array, right?: Uint8Array, height = 50): Promise<void> {
    this.ensureSpace(height + 70);
    this.y -= 10;
    // No right image: a signature given remotely by one party only (the line stays, empty).
    const drawn = await Promise.all(
      [left, right].flatMap((b, i) =>
        b ? [this.doc.embedPng(b).then((img) => [img, i === 0 ? this.left : this.right - 200] as const)] : [],
      ),
    );
    for (const [img, x] of drawn) {
      const scale = Math.min(200 / img.width, height / img.height);
      this.page.drawImage(img, { x, y: this.y - height, width: img.width * scale, height: img.height * scale });
    }
    this.y -= height - 30;
  }

  /** Two signature lines: `leftLabel` under the left one, `rightLabel` under the right one. */
  signatures(leftLabel: { en: string; ar: string }, rightLabel: { en: string; ar: string }): void {
    this.ensureSpace(70);
    this.y -= 40;
    const muted = { size: 9, color: this.colors.muted };
    this.page.drawLine({
      start: { x: this.left, y: this.y + 12 },
      end: { x: this.left + 200, y: this.y + 12 },
      thickness: 0.5,
      color: this.colors.muted,
    });
    this.page.drawLine({
      start: { x: this.right - 200, y: this.y + 12 },
      end: { x: this.right, y: this.y + 12 },
      thickness: 0.5,
      color: this.colors.muted,
    });
    this.line(leftLabel.en, this.left, 'left', { ...muted, direction: 'ltr' });
    this.line(rightLabel.ar, this.right, 'right', { ...muted, direction: 'rtl' });
    this.y -= 12;
    this.line(leftLabel.ar, this.left, 'left', { ...muted, direction: 'rtl' });
    this.line(rightLabel.en, this.right, 'right', { ...muted, direction: 'ltr' });
    this.y -= 12;
  }

  save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
