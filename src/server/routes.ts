import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './http/health/health.routes.ts';
import { spaRoutes } from './http/spa/spa.routes.ts';
import type { PageMetaResolver, SpaOptions } from './platform/spa/index.ts';
import { checkoutRoutes } from './http/checkout/checkout.routes.ts';
import { ordersRoutes } from './http/orders/orders.routes.ts';
import { paymentsRoutes } from './http/settlement/payments.routes.ts';
import { adminOrdersRoutes } from './http/orders/admin-orders.routes.ts';
import { ownerToolsRoutes } from './http/orders/owner-tools.routes.ts';
import { offersRoutes } from './http/offers/offers.routes.ts';
import { affiliatesRoutes } from './http/affiliates/affiliates.routes.ts';
import { chipsRoutes } from './http/chips/chips.routes.ts';
import { catalogueMeta, chipsSeoRoutes } from './http/chips/chips.seo.ts';
import { creatorsRoutes } from './http/creators/creators.routes.ts';
import { socialRoutes } from './http/social/social.routes.ts';
import { mediaRoutes } from './http/media/media.routes.ts';
import { priceRoutes } from './http/price/price.routes.ts';
import { settingsRoutes } from './http/settings/settings.routes.ts';
import { subscriptionsRoutes } from './http/subscriptions/subscriptions.routes.ts';
import { contactRoutes } from './http/contact/contact.routes.ts';
import { authRoutes } from './http/auth/auth.routes.ts';
import { usersRoutes } from './http/users/users.routes.ts';
import { adminAuthRoutes } from './http/auth/admin-auth.routes.ts';
import { twoFactorRoutes } from './http/auth/two-factor.routes.ts';
import { passkeyRoutes } from './http/auth/passkeys.routes.ts';
import { overviewRoutes } from './http/overview/overview.routes.ts';
import { adminCustomersRoutes } from './http/admin-customers/admin-customers.routes.ts';
import { adminChipsRoutes } from './http/chips/admin-chips.routes.ts';
import { adminSubscriptionsRoutes } from './http/subscriptions/admin-subscriptions.routes.ts';
import { adminContactRoutes } from './http/contact/admin-contact.routes.ts';
import { adminMailRoutes } from './http/mail/admin-mail.routes.ts';
import { adminJobsRoutes } from './http/jobs/admin-jobs.routes.ts';
import { adminAuditRoutes } from './http/audit/admin-audit.routes.ts';
import { adminAffiliatesRoutes } from './http/affiliates/admin-affiliates.routes.ts';
import { payoutsRoutes } from './http/payouts/payouts.routes.ts';
import { nfcRoutes, tapPageMeta } from './http/nfc/nfc.routes.ts';
import { paymentsConfigRoutes } from './http/payments/payments-config.routes.ts';
import { adminRefundsRoutes } from './http/settlement/admin-refunds.routes.ts';
import { accountingRoutes } from './http/accounting/accounting.routes.ts';
import { attentionRoutes } from './http/attention/attention.routes.ts';
import { demoCatalogueRoutes } from './http/seed/demo-catalogue.routes.ts';
import { vaultIntakeRoutes } from './http/vault-intake/vault-intake.routes.ts';
import { casesRoutes } from './http/cases/cases.routes.ts';
import { disputesRoutes } from './http/disputes/disputes.routes.ts';

/**
 * The meta (title, description, Open Graph) of the pages features describe, first that knows the page
 * wins: tap and claim links, then chip pages, galleries and /uid. Other pages get the site's meta.
 */
export const PAGE_META: readonly PageMetaResolver[] = [tapPageMeta, catalogueMeta];

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
  await app.register(twoFactorRoutes);
  await app.register(passkeyRoutes);
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
  await app.register(vaultIntakeRoutes);
  await app.register(casesRoutes);
  await app.register(disputesRoutes);
  await app.register(chipsRoutes);
  await app.register(mediaRoutes);
  await app.register(chipsSeoRoutes);
  await app.register(creatorsRoutes);
  await app.register(socialRoutes);
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
  await app.register(spaRoutes, { ...spa, pageMeta: PAGE_META });
}
