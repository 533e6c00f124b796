/**
 * PayPal through @paypal/paypal-server-sdk (docs/decisions/005-payment-providers.md). Checkout creates
 * the PayPal order for the server-computed total (payee: the seller's PayPal e-mail for direct-PayPal
 * chips); the JS SDK buttons on /paypal-processing approve it; POST /paypal/order/:id/capture captures
 * it and completes our order keyed by the capture id. Reconciliation reads the PayPal order; refunds
 * (issue 11) return part or all of its capture.
 */
import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  OrderStatus,
  PaymentsController,
  RefundStatus as PaypalRefundStatus,
  type Order as PaypalOrder,
  type OrderRequest,
  type Refund as PaypalRefund,
  type RefundRequest as PaypalRefundRequest,
} from '@paypal/paypal-server-sdk';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { centsToUsdString, parseUsdToCents } from '#shared/money.ts';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  refundIdempotencyKey,
  type CreatedPayment,
  type PaymentContext,
  type PaymentLookup,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentSignal,
  type PaymentSignalRequest,
  type RefundPaymentInput,
  type RefundResult,
} from './payment-provider.ts';
import type { DisputeStatus } from '#shared/disputes.schemas.ts';

export type PaypalSettings = NonNullable<Config['paypal']>;

/** The calls we make to PayPal, so routes and tests see one small surface. */
export type PaypalApi = {
  createOrder: (body: OrderRequest, requestId: string) => Promise<PaypalOrder>;
  captureOrder: (paypalOrderId: string, requestId: string) => Promise<PaypalOrder>;
  getOrder: (paypalOrderId: string) => Promise<PaypalOrder>;
  refundCapture: (captureId: string, body: PaypalRefundRequest, requestId: string) => Promise<PaypalRefund>;
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
  const payments = new PaymentsController(client);
  return {
    createOrder: async (body, requestId) =>
      (await orders.createOrder({ body, paypalRequestId: requestId, prefer: 'return=representation' }))
        .result,
    captureOrder: async (id, requestId) =>
      (await orders.captureOrder({ id, paypalRequestId: requestId, prefer: 'return=representation' })).result,
    getOrder: async (id) => (await orders.getOrder({ id })).result,
    refundCapture: async (captureId, body, requestId) =>
      (
        await payments.refundCapturedPayment({
          captureId,
          body,
          paypalRequestId: requestId,
          prefer: 'return=representation',
        })
      ).result,
  };
}

/**
 * One PayPal order per our order, however often checkout's call is retried. The quote time is part of
 * the key because ids alone repeat when a database is reset or restored.
 */
function paypalOrderRequestId(order: Pick<PaymentOrder, 'id' | 'quoteExpiresAt'>): string {
  return `order-${order.id}-${order.quoteExpiresAt?.getTime() ?? 0}-paypal`;
}

/** One capture per PayPal order: a repeated capture returns the first one's result. */
export function paypalCaptureRequestId(paypalOrderId: string): string {
  return `capture-${paypalOrderId}`;
}

/** /paypal-processing?orderId=&amount=&sellerEmail=&artchipId= (spec §2). */
function paypalProcessingUrl(
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
function paypalOrderBody(order: PaymentOrder): OrderRequest {
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

/** "ISSUE: description" of a PayPal error answer, or the error's own message. */
function describePaypalError(err: unknown): string {
  if (err instanceof ApiError && typeof err.body === 'string') {
    try {
      const parsed = JSON.parse(err.body) as {
        name?: unknown;
        details?: { issue?: unknown; description?: unknown }[];
      };
      const detail = parsed.details?.[0];
      if (typeof detail?.issue === 'string') {
        return typeof detail.description === 'string'
          ? `${detail.issue}: ${detail.description}`
          : detail.issue;
      }
      if (typeof parsed.name === 'string') return `${parsed.name} (HTTP ${err.statusCode})`;
    } catch {
      // Not JSON: fall through to the status line.
    }
    return `HTTP ${err.statusCode}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Our refund statuses for a PayPal refund; failed and cancelled refunds moved no money and throw. */
function toPaypalRefundResult(refund: PaypalRefund, action: string): RefundResult {
  if (!refund.id) throw new AppError('PAYMENT_FAILED', `${action}: PayPal answered without a refund id`);
  if (refund.status === PaypalRefundStatus.Completed) return { status: 'succeeded', reference: refund.id };
  if (refund.status === PaypalRefundStatus.Pending) return { status: 'pending', reference: refund.id };
  throw new AppError(
    'PAYMENT_FAILED',
    `${action}: PayPal refund ${refund.id} is ${refund.status ?? 'unknown'}`,
  );
}

/**
 * Refunds `amountCents` of the capture of a PayPal order (our providerRef is the PayPal order id; the
 * capture id is read from the order, as reconciliation does), once per refundId via PayPal-Request-Id.
 * A direct-PayPal payment went to the seller's own PayPal account, which our credentials may not
 * refund (PERMISSION_DENIED): that refund is manual, the seller returns the money and an admin records it.
 */
async function refundPaypalCapture(
  api: PaypalApi,
  input: RefundPaymentInput,
  ctx: PaymentContext,
): Promise<RefundResult> {
  const action = `Refund ${input.refundId} of order ${input.orderId}`;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new AppError('UNPROCESSABLE', `${action}: the amount must be a positive number of cents`);
  }
  let paypalOrder: PaypalOrder;
  try {
    paypalOrder = await api.getOrder(input.providerRef);
  } catch (err) {
    ctx.log.warn({ err, providerRef: input.providerRef }, 'PayPal order lookup for a refund failed');
    throw new AppError(
      'PAYMENT_FAILED',
      `${action}: PayPal order ${input.providerRef} could not be read: ${describePaypalError(err)}`,
    );
  }
  const settlement = settlementOf(paypalOrder, input.orderId);
  if (!settlement) {
    throw new AppError(
      'PAYMENT_FAILED',
      `${action}: PayPal order ${input.providerRef} has no capture to refund`,
    );
  }
  const unit = paypalOrder.purchaseUnits?.[0];
  const body: PaypalRefundRequest = {
    amount: { currencyCode: settlement.currency, value: centsToUsdString(input.amountCents) },
    customId: `order-${input.orderId}-refund-${input.refundId}`,
    // The payer sees this note; our reason may be internal, so it stays in our records only.
    noteToPayer: `Refund for ${BRAND.name} order #${input.orderId}`,
  };
  try {
    const refund = await api.refundCapture(settlement.captureId, body, refundIdempotencyKey(input.refundId));
    return toPaypalRefundResult(refund, action);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (unit?.payee?.emailAddress && paypalIssueOf(err) === 'PERMISSION_DENIED') {
      ctx.log.warn(
        { captureId: settlement.captureId, orderId: input.orderId },
        'PayPal capture paid to the seller directly: refund is manual',
      );
      return { status: 'manual', reference: null };
    }
    ctx.log.warn({ err, captureId: settlement.captureId }, 'PayPal refund failed');
    throw new AppError('PAYMENT_FAILED', `${action}: PayPal refused: ${describePaypalError(err)}`);
  }
}

/** Where a PayPal order stands, in the provider interface's terms. */
function toPaypalLookup(paypalOrder: PaypalOrder, orderId: number): PaymentLookup {
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

const PAYPAL_HOSTS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' };
const DISPUTE_EVENTS = new Set([
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.UPDATED',
  'CUSTOMER.DISPUTE.RESOLVED',
]);

function header(request: PaymentSignalRequest, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-signature,
 * decision 076): PayPal checks its transmission signature (RSA-SHA256 over the transmission id, time,
 * our webhook id and the body's CRC32) against the certificate it names. Anything but SUCCESS, or a
 * request missing its transmission headers, is refused.
 */
async function verifyPaypalWebhook(
  settings: PaypalSettings,
  webhookId: string,
  request: PaymentSignalRequest,
  event: unknown,
): Promise<boolean> {
  const base = (settings.apiUrl ?? PAYPAL_HOSTS[settings.env]).replace(/\/+$/, '');
  const fields = {
    auth_algo: header(request, 'paypal-auth-algo'),
    cert_url: header(request, 'paypal-cert-url'),
    transmission_id: header(request, 'paypal-transmission-id'),
    transmission_sig: header(request, 'paypal-transmission-sig'),
    transmission_time: header(request, 'paypal-transmission-time'),
  };
  if (Object.values(fields).some((v) => v === '')) return false;
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  const tokenRes = await fetch(`${base}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
    signal: AbortSignal.timeout(20_000),
  });
  if (!tokenRes.ok) throw new Error(`PayPal token request failed: ${tokenRes.status}`);
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${base}/v1/notifications/verify-webhook-signature`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...fields, webhook_id: webhookId, webhook_event: event }),
    signal: AbortSignal.timeout(20_000),
  });
  if (!res.ok) throw new Error(`PayPal webhook verification failed: ${res.status}`);
  return ((await res.json()) as { verification_status?: string }).verification_status === 'SUCCESS';
}

/** PayPal's dispute states in ours: resolved for the buyer is lost; resolved otherwise is won. */
function fromPaypalDispute(status: string, outcome: string | null): DisputeStatus {
  if (status === 'RESOLVED') return outcome === 'RESOLVED_BUYER_FAVOUR' ? 'lost' : 'won';
  if (status === 'UNDER_REVIEW') return 'under_review';
  return 'needs_response';
}

type PaypalDisputeResource = {
  dispute_id?: string;
  status?: string;
  reason?: string;
  dispute_amount?: { currency_code?: string; value?: string };
  disputed_transactions?: { seller_transaction_id?: string }[];
  dispute_outcome?: { outcome_code?: string };
  seller_response_due_date?: string;
};

/** A verified PayPal event as a signal: disputes of a capture we recorded; anything else is ignored. */
function toPaypalSignal(event: { id?: string; event_type?: string; resource?: unknown }): PaymentSignal {
  if (!event.id || !event.event_type || !DISPUTE_EVENTS.has(event.event_type)) return { kind: 'ignored' };
  const dispute = (event.resource ?? {}) as PaypalDisputeResource;
  const paymentKey = dispute.disputed_transactions?.[0]?.seller_transaction_id;
  let amountCents: number;
  try {
    amountCents = parseUsdToCents(dispute.dispute_amount?.value ?? '');
  } catch {
    return { kind: 'ignored' };
  }
  if (!dispute.dispute_id || !paymentKey || amountCents <= 0) return { kind: 'ignored' };
  const due = dispute.seller_response_due_date ? new Date(dispute.seller_response_due_date) : null;
  return {
    kind: 'dispute',
    eventKey: event.id,
    type: event.event_type,
    paymentKey,
    providerDisputeId: dispute.dispute_id,
    status: fromPaypalDispute(dispute.status ?? '', dispute.dispute_outcome?.outcome_code ?? null),
    reason: dispute.reason ?? null,
    amountCents,
    currency: dispute.dispute_amount?.currency_code ?? 'USD',
    evidenceDueBy: due && !Number.isNaN(due.getTime()) ? due : null,
    payload: {
      eventId: event.id,
      type: event.event_type,
      disputeId: dispute.dispute_id,
      status: dispute.status,
    },
  };
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
    refundPayment: (input, ctx) => refundPaypalCapture(api, input, ctx),
    // Decision 076: PayPal's dispute webhooks, verified with PayPal, when our webhook id is configured.
    ...(settings.webhookId
      ? {
          handleSignal: async (request: PaymentSignalRequest, ctx: PaymentContext) => {
            let event: { id?: string; event_type?: string; resource?: unknown };
            try {
              event = JSON.parse(request.rawBody.toString('utf8')) as typeof event;
            } catch {
              throw new AppError('VALIDATION_FAILED', 'Invalid webhook body');
            }
            let verified: boolean;
            try {
              verified = await verifyPaypalWebhook(settings, settings.webhookId!, request, event);
            } catch (err) {
              ctx.log.error({ err }, 'PayPal webhook verification could not be asked');
              throw new AppError('PAYMENT_FAILED', 'PayPal could not verify this webhook');
            }
            if (!verified) throw new AppError('VALIDATION_FAILED', 'Invalid webhook signature');
            return toPaypalSignal(event);
          },
        }
      : {}),
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
