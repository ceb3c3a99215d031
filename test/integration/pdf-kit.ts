import { PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';

/** Sizes (width×height) of the images embedded in a PDF. */
export async function imagesOf(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, o]) => o)
    .filter(
      (o): o is PDFRawStream =>
        o instanceof PDFRawStream &&
        o.dict instanceof PDFDict &&
        o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    )
    .map(
      (o) =>
        `${(o.dict.get(PDFName.of('Width')) as PDFNumber).asNumber()}x${(o.dict.get(PDFName.of('Height')) as PDFNumber).asNumber()}`,
    )
    .sort();
}

export const bytesAt = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
