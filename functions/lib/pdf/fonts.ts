import { readFileSync } from 'node:fs';

/**
 * The fonts every PDF uses: DejaVu Sans regular and bold (Latin and Arabic, with the Arabic
 * presentation forms ./shaping produces; licence in ./fonts). Read from ./fonts relative to this
 * module: in a Lambda bundle that is the bundle's folder, where the infra copies them
 * (infra/stacks/bundling.ts PDF_FONTS_ASSET). Nothing depends on the machine's fonts.
 */
const FONT_DIR = new URL('./fonts/', import.meta.url);

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

let cached: FontBytes | undefined;

export function fontBytes(): FontBytes {
  cached ??= {
    regular: readFileSync(new URL('DejaVuSans.ttf', FONT_DIR)),
    bold: readFileSync(new URL('DejaVuSans-Bold.ttf', FONT_DIR)),
  };
  return cached;
}
