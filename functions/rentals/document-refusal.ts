import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';
import { formatDate } from '../../shared/regions/format';
import { conflict, fillTemplate, type HttpError } from '../lib/errors';
import type { RentalSettings } from './deps';

/**
 * 409 DOCUMENT_EXPIRED naming each lapsed document and its expiry date in the company's date
 * format (issue 27): “Mulkiya” 25/11/2026 — titles and dates read the same in both languages, so
 * the web fills the translated template with them. `conflicts` keeps the documents themselves.
 */
export function documentLapsedError(
  lapsed: readonly { title: string; expiryDate: string }[],
  region: RentalSettings['region'],
  field?: string,
): HttpError {
  const template = RENTAL_SERVER_MESSAGES.documentLapsed;
  const params = { documents: lapsed.map((d) => `“${d.title}” ${formatDate(d.expiryDate, region)}`).join('; ') };
  const message = fillTemplate(template, params);
  return conflict(message, field ? { [field]: message } : undefined, 'DOCUMENT_EXPIRED', {
    conflicts: lapsed,
    template,
    params,
  });
}
