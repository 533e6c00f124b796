import type { Config } from '#server/config.ts';

/** The Content-Security-Policy: no inline scripts; live payment providers' scripts only when configured. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
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
