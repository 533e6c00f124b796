/**
 * The one place the brand is defined. Routes, API paths, page titles, copy and e-mails derive from it,
 * so a deployment rebrands by editing this file alone (PRODUCT.md "Name").
 */
export const BRAND = {
  name: 'Artchip',
  plural: 'Artchips',
  slug: 'artchip',
  ticker: '$ARTCHIP',
  tokenSymbol: 'ARTCHIP',
  tagline: 'Physical collectible art, sealed in resin, proven by NFC',
  chipSizeMm: 54,
} as const;

/** Browser routes derived from the brand slug. */
export const ROUTES = {
  home: '/',
  landing: '/landing',
  marketplace: '/marketplace',
  token: '/our-meme-coin',
  topMinters: '/top-minters',
  contact: '/contact',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  login: '/login',
  signup: '/signup',
  thankYou: '/thank-you',
  checkEmail: '/check-email',
  verifyEmail: '/verify-email',
  setPassword: '/set-password',
  welcome: '/welcome',
  paymentProcessing: '/payment-processing',
  paypalProcessing: '/paypal-processing',
  stripeProcessing: '/stripe-processing',
  checkoutSuccess: '/checkout-success',
  confirmOrder: '/confirm-order',
  myOrders: '/my-orders',
  dashboard: `/my-${BRAND.slug}`,
  uid: '/uid',
  /** Claim a chip handed over by tap (issue 15): /claim?token=… */
  claim: '/claim',
  adminLogin: '/admin-login',
  admin: '/admin',
  secretAdmin: '/secret-admin-portal',
  siteAdminLogin: '/siteadmin',
  siteAdminDashboard: '/siteadmin/dashboard',
  emailConfirm: '/email-list/confirm',
  emailUnsubscribe: '/email-list/unsubscribe',
  /** The "this wasn't me" page of a payout destination change (decision 071): ?token=… */
  payoutDestinationReport: '/payout-destination/report',
  chip: (username: string, slug: string) =>
    `/${BRAND.slug}/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`,
  gallery: (username: string) => `/gallery/${encodeURIComponent(username)}`,
  siteAdminCustomer: (id: number | 'new') => `/siteadmin/customers/${id}`,
} as const;

/** The API prefix for chip calls: `/api/artchip`. */
export const CHIP_API = `/api/${BRAND.slug}`;

/** Title for a page: "Marketplace · Artchip". */
export function pageTitle(part?: string): string {
  return part ? `${part} · ${BRAND.name}` : `${BRAND.name} — ${BRAND.tagline}`;
}
