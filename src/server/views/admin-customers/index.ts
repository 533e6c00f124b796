/** The back office's customer list and detail (users with what they minted, bought and spent). */
export { getAdminCustomer, listAdminCustomers } from './admin-customers.service.ts';
