import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './features/health/health.routes.ts';
import { spaRoutes, type SpaOptions } from './features/spa/spa.routes.ts';
import { checkoutRoutes } from './features/checkout/checkout.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { adminOrdersRoutes } from './features/orders/admin-orders.routes.ts';
import { ownerToolsRoutes } from './features/orders/owner-tools.routes.ts';
import { offersRoutes } from './features/offers/offers.routes.ts';
import { affiliatesRoutes } from './features/affiliates/affiliates.routes.ts';
import { chipsRoutes } from './features/chips/chips.routes.ts';
import { chipsSeoRoutes } from './features/chips/chips.seo.ts';
import { creatorsRoutes } from './features/creators/creators.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { priceRoutes } from './features/price/price.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { adminAuthRoutes } from './features/auth/admin-auth.routes.ts';
import { overviewRoutes } from './features/overview/overview.routes.ts';
import { adminCustomersRoutes } from './features/users/admin-customers.routes.ts';
import { adminChipsRoutes } from './features/chips/admin-chips.routes.ts';
import { adminSubscriptionsRoutes } from './features/subscriptions/admin-subscriptions.routes.ts';
import { adminContactRoutes } from './features/contact/admin-contact.routes.ts';
import { adminMailRoutes } from './features/mail/admin-mail.routes.ts';
import { adminJobsRoutes } from './features/jobs/admin-jobs.routes.ts';
import { adminAuditRoutes } from './features/audit/admin-audit.routes.ts';
import { adminAffiliatesRoutes } from './features/affiliates/admin-affiliates.routes.ts';
import { payoutsRoutes } from './features/payouts/payouts.routes.ts';
import { nfcRoutes } from './features/nfc/nfc.routes.ts';
import { paymentsConfigRoutes } from './features/payments/payments-config.routes.ts';
import { adminRefundsRoutes } from './features/payments/admin-refunds.routes.ts';
import { accountingRoutes } from './features/accounting/accounting.routes.ts';
import { attentionRoutes } from './features/attention/attention.routes.ts';
import { demoCatalogueRoutes } from './features/seed/demo-catalogue.routes.ts';

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
