import { BRAND } from '#shared/brand.ts';

/**
 * The signed-in user's own dashboard (ROUTES.dashboard) as the header names it: "My Artchips", so it
 * never reads as the site's admin (issue 27; the spec's "My Admin" did).
 */
export const DASHBOARD_LABEL = `My ${BRAND.plural}`;

/** The signed-in user's orders (ROUTES.myOrders), in the header and the phone menu. */
export const MY_ORDERS_LABEL = 'My Orders';
