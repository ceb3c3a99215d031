/** What security monitoring needs from other domains (DESIGN.md §13: only through their api.ts). */

/** Identity: lifting a username's sign-in lockout (the G#LOGIN# throttling items are auth's). */
export { unlockUsername } from '../auth/api';

/** Alerts: critical sign-ins and risky actions raise a security alert (once per assessment). */
export { raiseAlerts } from '../alerts/api';

/** Identity: the tenant directory (the weekly report's companies) and each company's users (its OWNERs' addresses). */
export { directoryPage, listUsers } from '../auth/api';
