/**
 * What only scheduled jobs run from documents (functions/jobs/document-reminders.ts and
 * functions/jobs/documents-move.ts): the expiry reminders and the one-off move of the older
 * document items. Not in api.ts, so the domains that read documents (rentals and the domains
 * reaching rentals, fleet health, alerts) do not bundle the reminder emails' catalog.
 */
export { reminderUnit, reminderUnits, runDocumentReminders, type ReminderUnit } from './reminders';
export { moveLegacyDocuments } from './legacy-move';
