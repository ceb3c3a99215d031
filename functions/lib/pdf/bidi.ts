import bidiFactory from 'bidi-js';
import { isArabicScript, shapeArabic } from './shaping';

/**
 * Visual order of one line of mixed Arabic / Latin text, and how to hand it to pdf-lib.
 *
 * ORDER: the full Unicode bidirectional algorithm (UAX #9, bidi-js) on the SHAPED line: embedding
 * levels for the paragraph direction, mirrored brackets in right-to-left runs, then the reorder
 * segments reversed. Wrap lines on the logical text first (./wrap), then order each line.
 *
 * DRAW: pdf-lib lays text out with fontkit, which picks the direction of a whole string from its
 * FIRST letter of a non-common script and reverses the glyphs of right-to-left strings. Handing
 * it a visual-order line would therefore be reversed again whenever the line happens to start
 * with an Arabic letter, and not when it starts with a Latin one. So a visual line is cut into
 * runs: runs of Arabic script (and the spaces inside them) are handed over reversed, which
 * fontkit turns back; every other run (Latin, digits, brackets, punctuation) goes as it is.
 */
export type TextDirection = 'ltr' | 'rtl';

let bidiInstance: ReturnType<typeof bidiFactory> | undefined;
const bidi = () => (bidiInstance ??= bidiFactory());

/** Logical text → the characters in left-to-right display order (shaped, brackets mirrored). */
export function visualOrder(text: string, direction: TextDirection | 'auto' = 'auto'): string {
  const shaped = shapeArabic(text);
  if (!shaped) return shaped;
  const levels = bidi().getEmbeddingLevels(shaped, direction === 'auto' ? undefined : direction);
  // bidi-js works in UTF-16 code units.
  const units = shaped.split('');
  // getMirroredCharactersMap takes the levels array itself (not the whole result object).
  for (const [index, mirror] of bidi().getMirroredCharactersMap(shaped, levels.levels)) units[index] = mirror;
  for (const [start, end] of bidi().getReorderSegments(shaped, levels)) {
    const reversed = units.slice(start, end + 1).reverse();
    units.splice(start, reversed.length, ...reversed);
  }
  // A reversed surrogate pair (an emoji in a right-to-left run) is put back in order.
  return units.join('').replace(/([\uDC00-\uDFFF])([\uD800-\uDBFF])/g, '$2$1');
}

/** The paragraph direction the algorithm would pick (first strong letter), ltr when none. */
export function detectDirection(text: string): TextDirection {
  const { paragraphs } = bidi().getEmbeddingLevels(text);
  return paragraphs[0] && paragraphs[0].level % 2 === 1 ? 'rtl' : 'ltr';
}

export interface PdfRun {
  /** What to pass to pdf-lib's drawText / widthOfTextAtSize. */
  text: string;
  /** True for an Arabic-script run (handed over reversed, see above). */
  arabic: boolean;
}

/** Cuts a visual-order line into the runs to draw from left to right. */
export function pdfRuns(visual: string): PdfRun[] {
  const runs: { chars: string[]; arabic: boolean }[] = [];
  let pendingSpaces: string[] = [];
  for (const ch of Array.from(visual)) {
    if (/\s/.test(ch)) {
      pendingSpaces.push(ch);
      continue;
    }
    const arabic = isArabicScript(ch.codePointAt(0)!);
    const last = runs[runs.length - 1];
    if (last && last.arabic === arabic) last.chars.push(...pendingSpaces, ch);
    else {
      // Spaces between an Arabic and a non-Arabic run go with the non-Arabic one.
      if (pendingSpaces.length) {
        if (last && !last.arabic) last.chars.push(...pendingSpaces);
        else runs.push({ chars: [...pendingSpaces], arabic: false });
      }
      const tail = runs[runs.length - 1];
      if (!arabic && tail && !tail.arabic) tail.chars.push(ch);
      else runs.push({ chars: [ch], arabic });
    }
    pendingSpaces = [];
  }
  if (pendingSpaces.length) runs.push({ chars: pendingSpaces, arabic: false });
  return runs.map((r) => ({ text: (r.arabic ? [...r.chars].reverse() : r.chars).join(''), arabic: r.arabic }));
}
