import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND, CHIP_API } from '#shared/brand.ts';
import { ChipIdParamsSchema } from '#shared/chips.schemas.ts';
import {
  AdminVaultIntakeSchema,
  AdminVaultIntakesQuerySchema,
  VaultIntakeEnvelopeSchema,
  VaultIntakeInputSchema,
  VaultIntakeSchema,
} from '#shared/vault-intakes.schemas.ts';
import { currentUser } from '#server/lib/auth-user.ts';
import {
  cancelSendToVault,
  getVaultIntake,
  listVaultIntakes,
  markVaultIntakeReceived,
  sendToVault,
} from '#server/modules/chips/index.ts';
import { nfcKeyringFor } from '#server/modules/nfc/index.ts';
import { intakeChip } from '#server/flows/vault-intake/index.ts';
import { limitPerMinute } from '#server/platform/rate-limit/index.ts';

const ADMIN_CHIP = `/api/admin/${BRAND.slug}/:id`;
const SEND_TO_VAULT = `${CHIP_API}/:id/send-to-vault`;

/** Back into the vault (issue 28): the owner's request, and the admins' intake queue and tap check-in. */
export const vaultIntakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const keyring = nfcKeyringFor(app.config, app.log);

  app.post(
    SEND_TO_VAULT,
    {
      config: { auth: 'user', rateLimit: limitPerMinute(app.config, 10) },
      schema: { params: ChipIdParamsSchema, response: { 201: VaultIntakeSchema } },
    },
    async (request, reply) => {
      const intake = await sendToVault(app, currentUser(request), request.params.id);
      return reply.code(201).send(intake);
    },
  );

  app.get(
    SEND_TO_VAULT,
    {
      config: { auth: 'user' },
      schema: { params: ChipIdParamsSchema, response: { 200: VaultIntakeEnvelopeSchema } },
    },
    async (request) => getVaultIntake(app, currentUser(request), request.params.id),
  );

  app.delete(
    SEND_TO_VAULT,
    {
      config: { auth: 'user' },
      schema: { params: ChipIdParamsSchema, response: { 200: VaultIntakeSchema } },
    },
    async (request) => cancelSendToVault(app, currentUser(request), request.params.id),
  );

  app.get(
    '/api/admin/vault-intakes',
    {
      config: { auth: 'admin' },
      schema: {
        querystring: AdminVaultIntakesQuerySchema,
        response: { 200: z.object({ items: z.array(AdminVaultIntakeSchema) }) },
      },
    },
    async (request) => ({ items: await listVaultIntakes(app, request.query.status) }),
  );

  app.post(
    `${ADMIN_CHIP}/intake/received`,
    {
      config: { auth: 'admin' },
      schema: { params: ChipIdParamsSchema, response: { 200: VaultIntakeSchema } },
    },
    async (request) => markVaultIntakeReceived(app, currentUser(request), request.params.id),
  );

  app.post(
    `${ADMIN_CHIP}/intake`,
    {
      config: { auth: 'admin', rateLimit: limitPerMinute(app.config, 60) },
      schema: {
        params: ChipIdParamsSchema,
        body: VaultIntakeInputSchema,
        response: { 200: VaultIntakeSchema },
      },
    },
    async (request) =>
      intakeChip(app, {
        admin: currentUser(request),
        chipId: request.params.id,
        input: request.body,
        keyring,
      }),
  );
};
