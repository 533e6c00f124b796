import type { BootstrapStep } from '#server/lib/bootstrap-step.ts';
import { ensureAdmin } from './admin-auth.service.ts';
import { totpSecretBoxFor } from './totp-secrets.ts';
import { sealPlainTotpSecrets } from './two-factor.service.ts';

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

/**
 * Start-up: the key of the authenticator-app secrets is read (or its file made), and any secret still
 * stored in the clear (from before decision 075) is sealed under it.
 */
export const totpSecretsBootstrapStep: BootstrapStep = {
  name: 'totp-secrets',
  run: async (app) => {
    const sealed = await sealPlainTotpSecrets(app.db, totpSecretBoxFor(app.config, app.log));
    if (sealed > 0) app.log.info({ sealed }, 'authenticator-app secrets encrypted');
  },
};
