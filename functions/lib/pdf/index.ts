/**
 * The shared PDF module (see ./document for the writer). Import it lazily where a document is
 * rendered: `const { createPdf } = await import('../../lib/pdf');` — pdf-lib and fontkit then stay
 * out of the handler's cold start.
 */
export {
  createPdf,
  hexColor,
  PdfWriter,
  A4,
  MARGIN,
  type Brand,
  type PdfDocumentOptions,
  type TextOptions,
} from './document';
export { visualOrder, pdfRuns, detectDirection, type TextDirection, type PdfRun } from './bidi';
export { shapeArabic, hasRtl } from './shaping';
export { wrapText } from './wrap';
export { layoutTable, type TableColumn, type ColumnAlign } from './table';
