import type { FastifyInstance } from 'fastify';
import { adminBootstrapStep } from '#server/features/auth/index.ts';
import { demoSeedStep } from '#server/features/seed/index.ts';

/** Start-up work after migrations: the first admin from the environment and the demo catalogue. */
export type BootstrapStep = { name: string; run: (app: FastifyInstance) => Promise<void> };

export const BOOTSTRAP_STEPS: BootstrapStep[] = [demoSeedStep, adminBootstrapStep];

export async function bootstrap(app: FastifyInstance): Promise<void> {
  for (const step of BOOTSTRAP_STEPS) {
    await step.run(app);
  }
}
