import { shapeArabic } from './shaping';

/** What wrapping needs from a font: pdf-lib's PDFFont fits. */
export interface MeasuringFont {
  widthOfTextAtSize(text: string, size: number): number;
}

/**
 * Wraps LOGICAL text (either script, or both) into lines no wider than `width`: breaks at spaces,
 * keeps explicit newlines, and cuts a single word longer than the line (a long reference, a URL)
 * where it must. Arabic is measured shaped, as it will be drawn. Order each line afterwards
 * (./bidi visualOrder): the bidi algorithm runs per line.
 */
export function wrapText(text: string, font: MeasuringFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(shapeArabic(s), size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      // A word wider than the line on its own: cut it into pieces that fit.
      let rest = Array.from(word);
      while (rest.length && !fits(rest.join(''))) {
        let n = rest.length - 1;
        while (n > 1 && !fits(rest.slice(0, n).join(''))) n--;
        lines.push(rest.slice(0, n).join(''));
        rest = rest.slice(n);
      }
      line = rest.join('');
    }
    lines.push(line);
  }
  return lines;
}
