import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './features/health/health.routes.ts';
import { spaRoutes } from './features/spa/spa.routes.ts';
import { commerceRoutes } from './features/checkout/commerce.routes.ts';
import { chipsRoutes } from './features/chips/chips.routes.ts';
import { chipsSeoRoutes } from './features/chips/chips.seo.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { priceRoutes } from './features/price/price.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { adminAuthRoutes } from './features/admin/admin-auth.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { nfcRoutes } from './features/nfc/nfc.routes.ts';
import { paymentsConfigRoutes } from './features/payments/payments-config.routes.ts';

/** Every feature's routes, registered in one place. Add a line per feature; keep the SPA last. */
export async function registerFeatureRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(priceRoutes);
  await app.register(settingsRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(contactRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(adminAuthRoutes);
  await app.register(adminRoutes);
  await app.register(nfcRoutes);
  await app.register(chipsRoutes);
  await app.register(mediaRoutes);
  await app.register(chipsSeoRoutes);
  await app.register(commerceRoutes);
  await app.register(paymentsConfigRoutes);
  await app.register(spaRoutes);
}
