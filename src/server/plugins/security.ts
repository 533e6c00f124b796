import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '#server/config.ts';

/** The Content-Security-Policy: no inline scripts; live payment providers' scripts only when configured. */
function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const scriptSrc = ["'self'"];
  const frameSrc = ["'self'"];
  const connectSrc = ["'self'"];
  const imgSrc = ["'self'", 'data:', 'blob:'];
  if (config.stripe) {
    scriptSrc.push('https://js.stripe.com');
    frameSrc.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connectSrc.push('https://api.stripe.com');
  }
  if (config.paypal) {
    scriptSrc.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    frameSrc.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    connectSrc.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    imgSrc.push('https://www.paypalobjects.com');
  }
  if (config.s3?.publicUrl) imgSrc.push(new URL(config.s3.publicUrl).origin);
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc,
    connectSrc,
    frameSrc,
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * The security headers helmet sets for these options, worked out once: helmet builds its middleware
 * (and parses the CSP) on every request when called per request, which cost 7% of a cached answer.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** Sends the security headers (CSP, HSTS, frame and referrer policies…) on every answer. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: { ...contentSecurityPolicy(config), upgradeInsecureRequests: null },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
