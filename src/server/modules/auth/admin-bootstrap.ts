import type { BootstrapStep } from '#server/lib/bootstrap-step.ts';
import { ensureAdmin } from './admin-auth.service.ts';

/** Start-up: creates or updates the admin named by ADMIN_EMAIL / ADMIN_PASSWORD, when both are set. */
export const adminBootstrapStep: BootstrapStep = {
  name: 'admin',
  run: async (app) => {
    if (!app.config.admin) return;
    const { user, isNew } = await ensureAdmin(app.db, app.config.admin);
    app.log.info(
      { adminId: user.id, email: user.email },
      isNew ? 'admin account created' : 'admin account updated',
    );
  },
};
