/**
 * What other domains (alerts, jobs) may use from tickets: the unmatched queues. The only
 * tickets module imported from outside functions/tickets/.
 */
export { queueCounts, queueSample, tenantsWithQueueWork } from './queue';
export { seedTickets } from './seed';
export { notRecharged } from './queue';
