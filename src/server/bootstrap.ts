import type { FastifyInstance } from 'fastify';
import { adminBootstrapStep, totpSecretsBootstrapStep } from '#server/modules/auth/index.ts';
import { demoSeedStep } from '#server/flows/seed/index.ts';
import type { BootstrapStep } from '#server/lib/bootstrap-step.ts';

/**
 * Start-up work after migrations: the demo catalogue, the first admin from the environment, and the
 * authenticator-app secrets sealed (decision 075).
 */
const BOOTSTRAP_STEPS: BootstrapStep[] = [demoSeedStep, adminBootstrapStep, totpSecretsBootstrapStep];

export async function bootstrap(app: FastifyInstance): Promise<void> {
  for (const step of BOOTSTRAP_STEPS) {
    await step.run(app);
  }
}
