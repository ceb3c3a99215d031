/** What the customers domain reads from other domains: a customer's rental history. */
export { listRentalsForCustomer } from '../rentals/api';
