/** What security monitoring needs from other domains (DESIGN.md §13: only through their api.ts). */

/** Identity: lifting a username's sign-in lockout (the G#LOGIN# throttling items are auth's). */
export { unlockUsername } from '../auth/api';
