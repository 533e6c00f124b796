import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './platform/health/health.routes.ts';
import { spaRoutes, type SpaOptions } from './platform/spa/spa.routes.ts';
import { checkoutRoutes } from './flows/checkout/checkout.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './flows/settlement/payments.routes.ts';
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes.ts';
import { ownerToolsRoutes } from './modules/orders/owner-tools.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes.ts';
import { chipsRoutes } from './modules/chips/chips.routes.ts';
import { chipsSeoRoutes } from './modules/chips/chips.seo.ts';
import { creatorsRoutes } from './views/creators/creators.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { priceRoutes } from './modules/price/price.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { adminAuthRoutes } from './modules/auth/admin-auth.routes.ts';
import { overviewRoutes } from './views/overview/overview.routes.ts';
import { adminCustomersRoutes } from './views/admin-customers/admin-customers.routes.ts';
import { adminChipsRoutes } from './modules/chips/admin-chips.routes.ts';
import { adminSubscriptionsRoutes } from './modules/subscriptions/admin-subscriptions.routes.ts';
import { adminContactRoutes } from './modules/contact/admin-contact.routes.ts';
import { adminMailRoutes } from './platform/mail/admin-mail.routes.ts';
import { adminJobsRoutes } from './platform/jobs/admin-jobs.routes.ts';
import { adminAuditRoutes } from './modules/audit/admin-audit.routes.ts';
import { adminAffiliatesRoutes } from './modules/affiliates/admin-affiliates.routes.ts';
import { payoutsRoutes } from './flows/payouts/payouts.routes.ts';
import { nfcRoutes } from './modules/nfc/nfc.routes.ts';
import { paymentsConfigRoutes } from './modules/payments/payments-config.routes.ts';
import { adminRefundsRoutes } from './flows/settlement/admin-refunds.routes.ts';
import { accountingRoutes } from './views/accounting/accounting.routes.ts';
import { attentionRoutes } from './views/attention/attention.routes.ts';
import { demoCatalogueRoutes } from './flows/seed/demo-catalogue.routes.ts';

/**
 * Every feature's routes, registered in one place: the only file that imports route plugins (the
 * feature-boundaries lint rule lets it reach *.routes.ts; no index.ts exports them, so importing a
 * feature never pulls in its HTTP layer). Add a line per plugin; keep the SPA last. Admin routes
 * live in the feature whose data they change, under /api/admin/... with auth 'admin'.
 */
export async function registerFeatureRoutes(app: FastifyInstance, spa: SpaOptions = {}): Promise<void> {
  await app.register(healthRoutes);
  await app.register(priceRoutes);
  await app.register(settingsRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(contactRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(adminAuthRoutes);
  await app.register(overviewRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(adminChipsRoutes);
  await app.register(adminSubscriptionsRoutes);
  await app.register(adminContactRoutes);
  await app.register(adminMailRoutes);
  await app.register(adminJobsRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminAffiliatesRoutes);
  await app.register(adminRefundsRoutes);
  await app.register(accountingRoutes);
  await app.register(demoCatalogueRoutes);
  await app.register(nfcRoutes);
  await app.register(chipsRoutes);
  await app.register(mediaRoutes);
  await app.register(chipsSeoRoutes);
  await app.register(creatorsRoutes);
  // Commerce: checkout, orders, payments, offers, affiliates and owner tools.
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(ownerToolsRoutes);
  await app.register(offersRoutes);
  await app.register(affiliatesRoutes);
  await app.register(payoutsRoutes);
  await app.register(paymentsConfigRoutes);
  await app.register(attentionRoutes);
  await app.register(spaRoutes, spa);
}
