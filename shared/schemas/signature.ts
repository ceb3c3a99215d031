import * as z from 'zod';

/**
 * A signature drawn on screen (the web's SignaturePad): a PNG data URL. Inspections and the
 * rental contract take the same field; the server checks the bytes are a real PNG
 * (functions/lib/signature.ts) before it draws them into a PDF.
 */
export const SIGNATURE_MAX_CHARS = 200_000;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/;

export const signatureDataUrl = (message: string, tooLarge: string = message) =>
  z.string({ error: message }).max(SIGNATURE_MAX_CHARS, tooLarge).regex(PNG_DATA_URL, message);
