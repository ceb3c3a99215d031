/**
 * Sentences of the tickets, Salik and alerts APIs (schema and server), defined once: the server
 * sends them, the web registers them (registerMessages('tickets.messages', …)) and shows
 * `tickets.messages.<key>` in the reader's language. `alertUpdateFailed` and
 * `alertsGenerateFailed` are the spec's own (§8).
 */
export const TICKET_MESSAGES = {
  ticketNumberRequired: 'Ticket number is required',
  violationDateRequired: 'Violation date and time is required',
  plateOrVehicleRequired: 'Enter the plate of one of your vehicles',
  amountRequired: 'Amount is required',
  reasonRequired: 'A reason is required when the amount or status changes',
  duplicateTicket: 'A ticket with this number already exists',
  transitionRefused: 'This status change is not allowed',
  rechargeUseAction: 'Use Recharge to charge a ticket to its rental',
  notMatched: 'Match this ticket to a rental first',
  alreadyRecharged: 'This ticket has already been recharged',
  cannotRecharge: 'This ticket cannot be recharged in its current status',
  csvRequired: 'Paste or upload a CSV statement',
  csvEmpty: 'The file has no rows under its header',
  csvTooManyRows: 'A statement may hold at most 2,000 rows',
  mappingMissing: 'Map a column to this field',
  mappingUnknownColumn: 'This column is not in the file',
  cellRequired: 'Value missing',
  cellBadDate: 'Unreadable date or time',
  cellBadAmount: 'Unreadable amount',
  unknownPlate: 'No vehicle with this plate',
  duplicateInFile: 'Repeated in this file',
  tollTimeRequired: 'Toll time is required',
  gateRequired: 'Toll gate is required',
  noTollsToRecharge: 'This rental has no matched tolls left to recharge',
  rentalRequired: 'Choose a rental',
  rentalNotForVehicle: 'This rental is not for this vehicle',
  /** Issue 27: resolving to a rental whose window does not cover the time (409; details.template + params). */
  outsideRentalWindow:
    'This rental had the vehicle from {{from}} to {{to}} (a return counts up to {{grace}} minutes late), not at {{at}}',
  outsideOpenRentalWindow: 'This rental has had the vehicle since {{from}} (still on hire), not at {{at}}',
  rentalCancelled: 'This rental was cancelled: the customer never had the vehicle',
  alertUpdateFailed: 'Failed to update alert',
  alertsGenerateFailed: 'Failed to generate alerts',
} as const;
