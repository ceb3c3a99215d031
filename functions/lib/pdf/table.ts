import type { TextDirection } from './bidi';
import { shapeArabic } from './shaping';
import { wrapText, type MeasuringFont } from './wrap';

/**
 * Table layout, independent of drawing (so it can be tested without a PDF): column positions,
 * wrapped cell lines and alignment. Column order and alignment follow the table's direction: in
 * a right-to-left table the first column is on the right, and `start` means right-aligned.
 */
export type ColumnAlign = 'start' | 'end' | 'center';

export interface TableColumn {
  header: string;
  /** Share of the table's width (the shares are normalised). */
  width: number;
  /** `end` for amounts and numbers. Default `start`. */
  align?: ColumnAlign;
}

export interface CellLayout {
  /** Left edge and width of the cell's text box (padding applied). */
  x: number;
  width: number;
  /** Where each line is anchored: its left edge (left), right edge (right) or middle (center). */
  align: 'left' | 'right' | 'center';
  lines: string[];
}

export interface TableLayout {
  /** Left edge of each column, in the order of `columns`. */
  columnX: number[];
  columnWidth: number[];
  header: CellLayout[];
  rows: CellLayout[][];
}

export const CELL_PADDING = 4;

export function physicalAlign(align: ColumnAlign, direction: TextDirection): CellLayout['align'] {
  if (align === 'center') return 'center';
  const startIsLeft = direction === 'ltr';
  return (align === 'start') === startIsLeft ? 'left' : 'right';
}

export function layoutTable(opts: {
  columns: TableColumn[];
  rows: string[][];
  x: number;
  width: number;
  direction: TextDirection;
  font: MeasuringFont;
  headerFont: MeasuringFont;
  size: number;
}): TableLayout {
  const columnWidth = columnWidths(opts);
  const columnX: number[] = [];
  let cursor = opts.direction === 'ltr' ? opts.x : opts.x + opts.width;
  for (const w of columnWidth) {
    if (opts.direction === 'ltr') {
      columnX.push(cursor);
      cursor += w;
    } else {
      cursor -= w;
      columnX.push(cursor);
    }
  }
  const cell = (text: string, i: number, font: MeasuringFont): CellLayout => {
    const width = columnWidth[i] - 2 * CELL_PADDING;
    return {
      x: columnX[i] + CELL_PADDING,
      width,
      align: physicalAlign(opts.columns[i].align ?? 'start', opts.direction),
      lines: wrapText(text, font, opts.size, width),
    };
  };
  return {
    columnX,
    columnWidth,
    header: opts.columns.map((c, i) => cell(c.header, i, opts.headerFont)),
    rows: opts.rows.map((r) => opts.columns.map((_, i) => cell(r[i] ?? '', i, opts.font))),
  };
}

/**
 * Column widths from the shares, then widened so no column cuts a word (issue 27: a date, an
 * IBAN group or a header word is never broken across lines): a column narrower than its longest
 * word takes the room from columns that have more than their own longest word needs. Only when
 * the words of all columns together are wider than the table are words cut.
 */
export function columnWidths(opts: {
  columns: TableColumn[];
  rows: string[][];
  width: number;
  font: MeasuringFont;
  headerFont: MeasuringFont;
  size: number;
}): number[] {
  const total = opts.columns.reduce((n, c) => n + c.width, 0);
  const widths = opts.columns.map((c) => (c.width / total) * opts.width);
  const longestWord = (text: string, font: MeasuringFont) =>
    Math.max(
      0,
      ...text
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => font.widthOfTextAtSize(shapeArabic(w), opts.size)),
    );
  const need = opts.columns.map((c, i) =>
    Math.ceil(
      Math.max(longestWord(c.header, opts.headerFont), ...opts.rows.map((r) => longestWord(r[i] ?? '', opts.font))) +
        2 * CELL_PADDING +
        1,
    ),
  );
  if (need.reduce((a, b) => a + b, 0) > opts.width) return widths;
  const deficit = widths.reduce((d, w, i) => d + Math.max(0, need[i]! - w), 0);
  if (deficit <= 0) return widths;
  const slack = widths.map((w, i) => Math.max(0, w - need[i]!));
  const slackTotal = slack.reduce((a, b) => a + b, 0);
  return widths.map((w, i) => (w < need[i]! ? need[i]! : w - (slack[i]! / slackTotal) * deficit));
}
