/** The admin order detail page of one order (the router's /admin/orders/:id). */
export function adminOrderPath(id: number): string {
  return `/admin/orders/${id}`;
}

/** The Orders tab of the admin dashboard. */
export const ADMIN_ORDERS_TAB_PATH = '/admin?tab=orders';

/** The admin's page of one customer (the router's /siteadmin/customers/:id). */
export function adminCustomerPath(id: number): string {
  return `/siteadmin/customers/${id}`;
}
