/**
 * Arabic contextual shaping for PDF text (logical order in, logical order out).
 *
 * pdf-lib draws glyphs one code point at a time and fontkit's layout does not join Arabic for it,
 * so each letter becomes its isolated, final, initial or medial presentation form (U+FE70–U+FEFF,
 * and U+FB50–U+FDFF for the Persian letters), from its joining type and its neighbours
 * (diacritics are transparent); lam + alef become one ligature (U+FEF5–U+FEFC). Ordering is
 * ./bidi's job (the full Unicode bidirectional algorithm, bidi-js), run on the shaped text.
 *
 * Why our own table rather than an npm shaper: arabic-persian-reshaper 1.0.1 and arabic-reshaper
 * 1.1.0 were compared on this module's tests and the contract's strings and give the same code
 * points; neither is more maintained (single-author, CommonJS, untyped), so they would add a
 * dependency without fixing anything. This table is small, typed and property-tested.
 */

type Forms = readonly [isolated: number, final: number, initial?: number, medial?: number];

/** Presentation forms by letter. Letters with two forms join only to the preceding letter. */
const FORMS: Record<number, Forms> = {
  0x0621: [0xfe80, 0xfe80],
  0x0622: [0xfe81, 0xfe82],
  0x0623: [0xfe83, 0xfe84],
  0x0624: [0xfe85, 0xfe86],
  0x0625: [0xfe87, 0xfe88],
  0x0626: [0xfe89, 0xfe8a, 0xfe8b, 0xfe8c],
  0x0627: [0xfe8d, 0xfe8e],
  0x0628: [0xfe8f, 0xfe90, 0xfe91, 0xfe92],
  0x0629: [0xfe93, 0xfe94],
  0x062a: [0xfe95, 0xfe96, 0xfe97, 0xfe98],
  0x062b: [0xfe99, 0xfe9a, 0xfe9b, 0xfe9c],
  0x062c: [0xfe9d, 0xfe9e, 0xfe9f, 0xfea0],
  0x062d: [0xfea1, 0xfea2, 0xfea3, 0xfea4],
  0x062e: [0xfea5, 0xfea6, 0xfea7, 0xfea8],
  0x062f: [0xfea9, 0xfeaa],
  0x0630: [0xfeab, 0xfeac],
  0x0631: [0xfead, 0xfeae],
  0x0632: [0xfeaf, 0xfeb0],
  0x0633: [0xfeb1, 0xfeb2, 0xfeb3, 0xfeb4],
  0x0634: [0xfeb5, 0xfeb6, 0xfeb7, 0xfeb8],
  0x0635: [0xfeb9, 0xfeba, 0xfebb, 0xfebc],
  0x0636: [0xfebd, 0xfebe, 0xfebf, 0xfec0],
  0x0637: [0xfec1, 0xfec2, 0xfec3, 0xfec4],
  0x0638: [0xfec5, 0xfec6, 0xfec7, 0xfec8],
  0x0639: [0xfec9, 0xfeca, 0xfecb, 0xfecc],
  0x063a: [0xfecd, 0xfece, 0xfecf, 0xfed0],
  0x0640: [0x0640, 0x0640, 0x0640, 0x0640],
  0x0641: [0xfed1, 0xfed2, 0xfed3, 0xfed4],
  0x0642: [0xfed5, 0xfed6, 0xfed7, 0xfed8],
  0x0643: [0xfed9, 0xfeda, 0xfedb, 0xfedc],
  0x0644: [0xfedd, 0xfede, 0xfedf, 0xfee0],
  0x0645: [0xfee1, 0xfee2, 0xfee3, 0xfee4],
  0x0646: [0xfee5, 0xfee6, 0xfee7, 0xfee8],
  0x0647: [0xfee9, 0xfeea, 0xfeeb, 0xfeec],
  0x0648: [0xfeed, 0xfeee],
  0x0649: [0xfeef, 0xfef0],
  0x064a: [0xfef1, 0xfef2, 0xfef3, 0xfef4],
  0x067e: [0xfb56, 0xfb57, 0xfb58, 0xfb59],
  0x0686: [0xfb7a, 0xfb7b, 0xfb7c, 0xfb7d],
  0x06a4: [0xfb6a, 0xfb6b, 0xfb6c, 0xfb6d],
  0x06a9: [0xfb8e, 0xfb8f, 0xfb90, 0xfb91],
  0x06af: [0xfb92, 0xfb93, 0xfb94, 0xfb95],
  0x06cc: [0xfbfc, 0xfbfd, 0xfbfe, 0xfbff],
};

const LAM = 0x0644;
/** lam + (alef madda, alef hamza above, alef hamza below, alef) → [isolated, final] ligature. */
const LAM_ALEF: Record<number, readonly [number, number]> = {
  0x0622: [0xfef5, 0xfef6],
  0x0623: [0xfef7, 0xfef8],
  0x0625: [0xfef9, 0xfefa],
  0x0627: [0xfefb, 0xfefc],
};

/** Diacritics (harakat, superscript alef…): do not break or take part in joining. */
export function isTransparent(cp: number): boolean {
  return (
    (cp >= 0x064b && cp <= 0x065f) ||
    cp === 0x0670 ||
    (cp >= 0x06d6 && cp <= 0x06dc) ||
    (cp >= 0x06df && cp <= 0x06e4) ||
    cp === 0x06e7 ||
    cp === 0x06e8 ||
    (cp >= 0x06ea && cp <= 0x06ed)
  );
}

const joinsBoth = (cp: number | undefined) => cp !== undefined && FORMS[cp] !== undefined && FORMS[cp][2] !== undefined;
const joinsBefore = (cp: number | undefined) => cp !== undefined && FORMS[cp] !== undefined;

/** Replaces Arabic letters by their contextual presentation forms (logical order kept). */
export function shapeArabic(text: string): string {
  const cps = Array.from(text, (c) => c.codePointAt(0)!);
  const out: number[] = [];
  const neighbour = (from: number, step: 1 | -1): number | undefined => {
    for (let j = from + step; j >= 0 && j < cps.length; j += step) if (!isTransparent(cps[j])) return cps[j];
    return undefined;
  };
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i];
    const forms = FORMS[cp];
    if (!forms) {
      out.push(cp);
      continue;
    }
    const prev = neighbour(i, -1);
    const joinPrev = joinsBoth(prev);
    // lam-alef ligature: lam followed (diacritics aside) by an alef.
    if (cp === LAM) {
      let j = i + 1;
      const marks: number[] = [];
      while (j < cps.length && isTransparent(cps[j])) marks.push(cps[j++]);
      const lig = LAM_ALEF[cps[j]];
      if (lig) {
        out.push(joinPrev ? lig[1] : lig[0], ...marks);
        i = j;
        continue;
      }
    }
    const next = neighbour(i, 1);
    const joinNext = forms[2] !== undefined && joinsBefore(next);
    if (joinPrev && joinNext) out.push(forms[3]!);
    else if (joinPrev) out.push(forms[1]);
    else if (joinNext) out.push(forms[2]!);
    else out.push(forms[0]);
  }
  return String.fromCodePoint(...out);
}

/** Arabic-script code points (letters, marks, Arabic punctuation, presentation forms). */
export function isArabicScript(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x06ff) ||
    (cp >= 0x0750 && cp <= 0x077f) ||
    (cp >= 0x08a0 && cp <= 0x08ff) ||
    (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfefc)
  );
}

/** True when the text holds any right-to-left letter (Arabic or Hebrew script). */
export function hasRtl(text: string): boolean {
  return Array.from(text).some((c) => {
    const cp = c.codePointAt(0)!;
    return isArabicScript(cp) || (cp >= 0x0590 && cp <= 0x05ff) || (cp >= 0xfb1d && cp <= 0xfb4f);
  });
}
