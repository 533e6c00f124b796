import type { FastifyInstance } from 'fastify';

/** One thing the server does once at start-up, before it listens (bootstrap.ts lists them in order). */
export type BootstrapStep = { name: string; run: (app: FastifyInstance) => Promise<void> };
