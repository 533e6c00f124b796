/**
 * PayPal through @paypal/paypal-server-sdk (docs/decisions/005-payment-providers.md). Checkout creates
 * the PayPal order for the server-computed total (payee: the seller's PayPal e-mail for direct-PayPal
 * chips); the JS SDK buttons on /paypal-processing approve it; POST /paypal/order/:id/capture captures
 * it and completes our order keyed by the capture id. Reconciliation reads the PayPal order.
 */
import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  OrderStatus,
  type Order as PaypalOrder,
  type OrderRequest,
} from '@paypal/paypal-server-sdk';
import { ROUTES } from '#shared/brand.ts';
import { centsToUsdString, parseUsdToCents } from '#shared/money.ts';
import type { Config } from '#server/config.ts';
import type { CreatedPayment, PaymentLookup, PaymentOrder, PaymentProvider } from './payment-provider.ts';

export type PaypalSettings = NonNullable<Config['paypal']>;

/** The calls we make to PayPal, so routes and tests see one small surface. */
export type PaypalApi = {
  createOrder: (body: OrderRequest, requestId: string) => Promise<PaypalOrder>;
  captureOrder: (paypalOrderId: string, requestId: string) => Promise<PaypalOrder>;
  getOrder: (paypalOrderId: string) => Promise<PaypalOrder>;
};

type AxiosLikeConfig = {
  url?: string;
  method?: string;
  headers?: Record<string, unknown> & { toJSON?: () => Record<string, unknown> };
  data?: unknown;
  auth?: { username: string; password?: string };
  timeout?: number;
};

/**
 * The SDK only knows PayPal's two hosts. PAYPAL_API_URL (a local fake in tests, a recording proxy)
 * is honoured through the SDK's HTTP-client override: this adapter sends each request, unchanged but
 * for its origin, to that URL with fetch.
 */
function rebasedAdapter(apiUrl: string) {
  const base = apiUrl.replace(/\/+$/, '');
  return async (config: AxiosLikeConfig) => {
    const target = new URL(config.url ?? '/');
    const raw =
      typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : (config.headers ?? {});
    const headers = new Headers();
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === 'string' || typeof value === 'number') headers.set(key, String(value));
    }
    if (config.auth) {
      const basic = Buffer.from(`${config.auth.username}:${config.auth.password ?? ''}`).toString('base64');
      headers.set('authorization', `Basic ${basic}`);
    }
    const res = await fetch(`${base}${target.pathname}${target.search}`, {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body: typeof config.data === 'string' ? config.data : undefined,
      signal: AbortSignal.timeout(config.timeout || 30_000),
    });
    return {
      data: await res.text(),
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers),
      config,
      request: {},
    };
  };
}

/** A PayPal SDK client for the configured environment (or PAYPAL_API_URL). */
export function createPaypalApi(settings: PaypalSettings): PaypalApi {
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: settings.clientId,
      oAuthClientSecret: settings.clientSecret,
    },
    environment: settings.env === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    ...(settings.apiUrl ? { unstable_httpClientOptions: { adapter: rebasedAdapter(settings.apiUrl) } } : {}),
  });
  const orders = new OrdersController(client);
  return {
    createOrder: async (body, requestId) =>
      (await orders.createOrder({ body, paypalRequestId: requestId, prefer: 'return=representation' }))
        .result,
    captureOrder: async (id, requestId) =>
      (await orders.captureOrder({ id, paypalRequestId: requestId, prefer: 'return=representation' })).result,
    getOrder: async (id) => (await orders.getOrder({ id })).result,
  };
}

/**
 * One PayPal order per our order, however often checkout's call is retried. The quote time is part of
 * the key because ids alone repeat when a database is reset or restored.
 */
export function paypalOrderRequestId(order: Pick<PaymentOrder, 'id' | 'quoteExpiresAt'>): string {
  return `order-${order.id}-${order.quoteExpiresAt?.getTime() ?? 0}-paypal`;
}

/** One capture per PayPal order: a repeated capture returns the first one's result. */
export function paypalCaptureRequestId(paypalOrderId: string): string {
  return `capture-${paypalOrderId}`;
}

/** /paypal-processing?orderId=&amount=&sellerEmail=&artchipId= (spec §2). */
export function paypalProcessingUrl(
  order: Pick<PaymentOrder, 'id' | 'totalCents' | 'chipId' | 'sellerPaypalEmail'>,
): string {
  const query = new URLSearchParams({
    orderId: String(order.id),
    amount: centsToUsdString(order.totalCents),
  });
  if (order.sellerPaypalEmail) query.set('sellerEmail', order.sellerPaypalEmail);
  if (order.chipId !== null) query.set('artchipId', String(order.chipId));
  return `${ROUTES.paypalProcessing}?${query.toString()}`;
}

/** The PayPal order for one of ours: the total computed at checkout, paid to the seller when direct. */
export function paypalOrderBody(order: PaymentOrder): OrderRequest {
  return {
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [
      {
        referenceId: `order-${order.id}`,
        customId: String(order.id),
        description: order.description.slice(0, 127),
        amount: { currencyCode: 'USD', value: centsToUsdString(order.totalCents) },
        // Direct PayPal: the buyer pays the seller's own PayPal (the total already carries the markup).
        ...(order.sellerPaypalEmail ? { payee: { emailAddress: order.sellerPaypalEmail } } : {}),
      },
    ],
  };
}

/** A completed or pending capture of a PayPal order that belongs to our order `orderId`. */
export type PaypalSettlement = {
  captureId: string;
  status: string;
  amountCents: number;
  currency: string;
};

/** The capture of a PayPal order, if any; null when none, or when the order is not ours. */
export function settlementOf(paypalOrder: PaypalOrder, orderId: number): PaypalSettlement | null {
  const unit = paypalOrder.purchaseUnits?.[0];
  if (!unit || unit.customId !== String(orderId)) return null;
  const captures = unit.payments?.captures ?? [];
  const capture = captures.find((c) => c.status === CaptureStatus.Completed) ?? captures[0];
  if (!capture?.id || !capture.amount || !capture.status) return null;
  return {
    captureId: capture.id,
    status: capture.status,
    amountCents: parseUsdToCents(capture.amount.value),
    currency: capture.amount.currencyCode,
  };
}

/** The first issue code of a PayPal error answer (e.g. ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED). */
export function paypalIssueOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || typeof err.body !== 'string') return null;
  try {
    const parsed = JSON.parse(err.body) as { details?: { issue?: unknown }[] };
    const issue = parsed.details?.[0]?.issue;
    return typeof issue === 'string' ? issue : null;
  } catch {
    return null;
  }
}

/** Where a PayPal order stands, in the provider interface's terms. */
export function toPaypalLookup(paypalOrder: PaypalOrder, orderId: number): PaymentLookup {
  const settlement = settlementOf(paypalOrder, orderId);
  if (settlement?.status === 'COMPLETED') {
    return {
      status: 'completed',
      eventKey: settlement.captureId,
      amountCents: settlement.amountCents,
      currency: settlement.currency,
    };
  }
  if (settlement?.status === 'PENDING') return { status: 'processing' };
  if (paypalOrder.status === OrderStatus.Voided) return { status: 'failed', reason: 'voided' };
  // CREATED or APPROVED: the buyer may still approve, and only our capture call moves the money.
  return { status: 'pending' };
}

/** The PayPal adapter. */
export function createPaypalProvider(
  settings: PaypalSettings,
  api: PaypalApi = createPaypalApi(settings),
): PaypalProvider {
  return {
    name: 'paypal',
    mode: 'live',
    methods: ['paypal'],
    settings,
    api,
    createPayment: async (order): Promise<CreatedPayment> => {
      const created = await api.createOrder(paypalOrderBody(order), paypalOrderRequestId(order));
      if (!created.id) throw new Error(`PayPal created no order id for order ${order.id}`);
      const paypalUrl = paypalProcessingUrl(order);
      return { redirectUrl: paypalUrl, providerRef: created.id, paypalUrl };
    },
    lookupPayment: async (providerRef, ctx) => {
      const paypalOrder = await api.getOrder(providerRef);
      const customId = Number(paypalOrder.purchaseUnits?.[0]?.customId);
      if (!Number.isSafeInteger(customId)) {
        ctx.log.warn({ providerRef }, 'PayPal order without our order id');
        return { status: 'pending' };
      }
      return toPaypalLookup(paypalOrder, customId);
    },
  };
}

/** The PayPal adapter with what its browser routes need (its client id, the capture call). */
export type PaypalProvider = PaymentProvider & { settings: PaypalSettings; api: PaypalApi };

/** The app's PayPal provider, when PayPal is live. */
export function isPaypalProvider(provider: PaymentProvider | null): provider is PaypalProvider {
  return provider?.name === 'paypal' && 'api' in provider;
}

/** Registered in PAYMENT_PROVIDER_FACTORIES: live PayPal when the client id and secret are configured. */
export function paypalProviderFactory(config: Config): PaymentProvider | null {
  return config.paypal ? createPaypalProvider(config.paypal) : null;
}
