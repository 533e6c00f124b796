/**
 * A local stand-in for PayPal's REST API in its response shapes: POST /v1/oauth2/token,
 * POST /v2/checkout/orders, POST /v2/checkout/orders/:id/capture, GET /v2/checkout/orders/:id (with
 * its captures and refunds), POST /v2/payments/captures/:id/refund.
 * PayPal-Request-Id makes creates, captures and refunds idempotent, as at PayPal; a second capture
 * without it answers 422 ORDER_ALREADY_CAPTURED. approve() plays the buyer approving in the PayPal popup.
 * A capture paid to another payee (direct PayPal) cannot be refunded with the platform's credentials:
 * 403 NOT_AUTHORIZED / PERMISSION_DENIED, as PayPal answers without a partner's auth assertion.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-server.ts';

export const FAKE_PAYPAL_CLIENT_ID = 'fake-paypal-client';
export const FAKE_PAYPAL_CLIENT_SECRET = 'fake-paypal-secret';

/**
 * PayPal's OAuth as the fakes answer it: POST /v1/oauth2/token gives a new access token for the fake
 * client credentials (`scope` as PayPal reports it); other calls must carry one of those tokens.
 */
export function fakePaypalOAuth(scope: string) {
  const tokens = new Set<string>();
  const expectedBasic = `Basic ${Buffer.from(`${FAKE_PAYPAL_CLIENT_ID}:${FAKE_PAYPAL_CLIENT_SECRET}`).toString('base64')}`;
  return {
    /** The token request's answer; null for any other request. */
    issue(req: FakeRequest): FakeResponse | null {
      if (req.method !== 'POST' || req.path !== '/v1/oauth2/token') return null;
      if (
        req.headers.authorization !== expectedBasic ||
        !req.body.includes('grant_type=client_credentials')
      ) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      const token = `A21AA${crypto.randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope,
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: 32400,
          nonce: 'fake',
        },
      };
    },
    /** Whether the request carries a token this fake issued. */
    isAuthorized(req: FakeRequest): boolean {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      return bearer !== undefined && tokens.has(bearer);
    },
    /** Forgets every issued token, as when they expire. */
    expire: () => tokens.clear(),
  };
}

type Money = { currency_code: string; value: string };
type Capture = {
  id: string;
  status: string;
  amount: Money;
  final_capture: boolean;
  custom_id?: string;
  create_time: string;
  update_time: string;
};
type PurchaseUnit = {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount: Money;
  payee?: { email_address?: string; merchant_id?: string };
  payments?: { captures: Capture[]; refunds?: FakePaypalRefund[] };
};
type FakePaypalRefund = {
  id: string;
  status: 'COMPLETED' | 'PENDING';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown: { gross_amount: Money; net_amount: Money; total_refunded_amount: Money };
  create_time: string;
  update_time: string;
  links: { href: string; rel: string; method: string }[];
};
type FakePaypalOrder = {
  id: string;
  intent: string;
  status: string;
  purchase_units: PurchaseUnit[];
  create_time: string;
  links: { href: string; rel: string; method: string }[];
};

export type FakePaypal = FakeServer & {
  orders: Map<string, FakePaypalOrder>;
  env: Record<string, string>;
  approve: (id: string) => void;
  /** How the next captures end: COMPLETED (default), PENDING or DECLINED. */
  setCaptureOutcome: (status: 'COMPLETED' | 'PENDING' | 'DECLINED') => void;
  /** How many captures PayPal actually made for a PayPal order (money moved). */
  captureCount: (id: string) => number;
  /** Every refund PayPal made, by refund id (money moved). */
  refunds: Map<string, FakePaypalRefund & { captureId: string }>;
  /** The capture id of a captured PayPal order. */
  captureIdOf: (id: string) => string;
  /**
   * A webhook delivery signed the way PayPal signs (decision 076): RSA-SHA256 over
   * `transmissionId|time|webhookId|crc32(body)` with this fake's key; the fake's
   * /v1/notifications/verify-webhook-signature checks it. `webhookId` other than the configured one
   * plays a forged or misrouted delivery.
   */
  webhook: (
    eventType: string,
    resource: object,
    options?: { id?: string; webhookId?: string },
  ) => { payload: string; headers: Record<string, string> };
};

const FAKE_PAYPAL_WEBHOOK_ID = 'WH-FAKE-0001';

const toCents = (value: string) => Math.round(Number(value) * 100);
const toValue = (cents: number) => (cents / 100).toFixed(2);

function unprocessable(issue: string, description: string) {
  return {
    status: 422,
    body: {
      name: 'UNPROCESSABLE_ENTITY',
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: crypto.randomBytes(6).toString('hex'),
      details: [{ issue, description }],
    },
  };
}

export async function startFakePaypal(): Promise<FakePaypal> {
  const orders = new Map<string, FakePaypalOrder>();
  const replies = new Map<string, FakeResponse>();
  const refunds = new Map<string, FakePaypalRefund & { captureId: string }>();
  let captureOutcome: 'COMPLETED' | 'PENDING' | 'DECLINED' = 'COMPLETED';
  const captures = new Map<string, number>();
  const now = () => new Date().toISOString();
  const oauth = fakePaypalOAuth('https://uri.paypal.com/services/payments/payment');
  const signingKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signedMessage = (id: string, time: string, webhookId: string, body: string) =>
    `${id}|${time}|${webhookId}|${zlib.crc32(Buffer.from(body, 'utf8'))}`;

  const server = await startFakeServer((req) => {
    const issued = oauth.issue(req);
    if (issued) return issued;
    if (!oauth.isAuthorized(req))
      return { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' } };
    const requestId = req.headers['paypal-request-id'];
    const replyKey = typeof requestId === 'string' ? `${req.method} ${req.path} ${requestId}` : null;
    const replay = replyKey ? replies.get(replyKey) : undefined;
    if (replay) return replay;
    const remember = (body: unknown, status = 200) => {
      if (replyKey) replies.set(replyKey, { status, body });
      return { status, body };
    };

    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(req.body) as Record<string, unknown>;
      const message = signedMessage(
        String(body.transmission_id),
        String(body.transmission_time),
        String(body.webhook_id),
        JSON.stringify(body.webhook_event),
      );
      const ok =
        body.auth_algo === 'SHA256withRSA' &&
        crypto.verify(
          'sha256',
          Buffer.from(message),
          signingKey.publicKey,
          Buffer.from(String(body.transmission_sig), 'base64'),
        );
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }

    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && refundMatch) {
      const captureId = refundMatch[1]!;
      const unit = [...orders.values()]
        .flatMap((o) => o.purchase_units)
        .find((u) => u.payments?.captures.some((c) => c.id === captureId));
      const capture = unit?.payments?.captures.find((c) => c.id === captureId);
      if (!unit?.payments || !capture) {
        return {
          status: 404,
          body: {
            name: 'RESOURCE_NOT_FOUND',
            message: 'The specified resource does not exist.',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
          },
        };
      }
      if (unit.payee?.email_address) {
        return {
          status: 403,
          body: {
            name: 'NOT_AUTHORIZED',
            message: 'Authorization failed due to insufficient permissions.',
            details: [
              {
                issue: 'PERMISSION_DENIED',
                description: 'You do not have permission to access or perform operations on this resource.',
              },
            ],
          },
        };
      }
      if (capture.status === 'REFUNDED')
        return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
      if (capture.status === 'PENDING')
        return unprocessable('PENDING_CAPTURE', 'Cannot initiate a refund as the capture is pending.');
      if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
        return unprocessable('REFUND_NOT_ALLOWED', 'Capture cannot be refunded.');
      const body = (req.body ? JSON.parse(req.body) : {}) as {
        amount?: Money;
        custom_id?: string;
        invoice_id?: string;
        note_to_payer?: string;
      };
      const refunded = (unit.payments.refunds ?? [])
        .filter((r) => refunds.get(r.id)?.captureId === captureId)
        .reduce((sum, r) => sum + toCents(r.amount.value), 0);
      const unrefunded = toCents(capture.amount.value) - refunded;
      const cents = body.amount ? toCents(body.amount.value) : unrefunded;
      if (body.amount && body.amount.currency_code !== capture.amount.currency_code)
        return unprocessable(
          'REFUND_CAPTURE_CURRENCY_MISMATCH',
          'Refund must be in the same currency as the capture.',
        );
      if (cents > unrefunded)
        return unprocessable(
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      const money = (c: number) => ({ currency_code: capture.amount.currency_code, value: toValue(c) });
      const id = crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const refund: FakePaypalRefund = {
        id,
        status: 'COMPLETED',
        amount: money(cents),
        ...(body.custom_id ? { custom_id: body.custom_id } : {}),
        ...(body.invoice_id ? { invoice_id: body.invoice_id } : {}),
        ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
        seller_payable_breakdown: {
          gross_amount: money(cents),
          net_amount: money(cents),
          total_refunded_amount: money(refunded + cents),
        },
        create_time: now(),
        update_time: now(),
        links: [
          { href: `https://api.sandbox.paypal.com/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
          {
            href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`,
            rel: 'up',
            method: 'GET',
          },
        ],
      };
      refunds.set(id, { ...refund, captureId });
      unit.payments.refunds = [...(unit.payments.refunds ?? []), refund];
      capture.status = refunded + cents === toCents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      capture.update_time = now();
      return remember(structuredClone(refund), 201);
    }

    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      const body = JSON.parse(req.body) as { intent: string; purchase_units: PurchaseUnit[] };
      const id = crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const order: FakePaypalOrder = {
        id,
        intent: body.intent,
        status: 'CREATED',
        purchase_units: body.purchase_units.map((u) => ({ ...u })),
        create_time: now(),
        links: [
          { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
        ],
      };
      orders.set(id, order);
      return remember(structuredClone(order));
    }
    const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(req.path);
    const order = m ? orders.get(m[1]!) : undefined;
    if (!m || !order)
      return {
        status: 404,
        body: {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
          details: [{ issue: 'INVALID_RESOURCE_ID' }],
        },
      };
    if (req.method === 'GET' && !m[2]) return { status: 200, body: structuredClone(order) };
    if (req.method === 'POST' && m[2]) {
      if (order.status === 'COMPLETED')
        return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
      if (order.status !== 'APPROVED')
        return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      if (captureOutcome === 'DECLINED')
        return unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was declined.');
      const unit = order.purchase_units[0]!;
      captures.set(order.id, (captures.get(order.id) ?? 0) + 1);
      unit.payments = {
        captures: [
          {
            id: `CAP${crypto.randomBytes(7).toString('hex').toUpperCase()}`,
            status: captureOutcome,
            amount: unit.amount,
            final_capture: true,
            custom_id: unit.custom_id,
            create_time: now(),
            update_time: now(),
          },
        ],
      };
      order.status = 'COMPLETED';
      return remember(structuredClone(order));
    }
    return { status: 405, body: { name: 'METHOD_NOT_SUPPORTED' } };
  });
  return {
    ...server,
    orders,
    env: {
      PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET,
      PAYPAL_ENV: 'sandbox',
      PAYPAL_API_URL: server.url,
      PAYPAL_WEBHOOK_ID: FAKE_PAYPAL_WEBHOOK_ID,
    },
    webhook: (eventType, resource, options = {}) => {
      const id = options.id ?? `WH-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
      const payload = JSON.stringify({
        id,
        event_version: '1.0',
        create_time: now(),
        resource_type: 'dispute',
        event_type: eventType,
        summary: `A dispute event (${eventType})`,
        resource,
      });
      const transmissionId = crypto.randomUUID();
      const time = now();
      const sig = crypto.sign(
        'sha256',
        Buffer.from(
          signedMessage(transmissionId, time, options.webhookId ?? FAKE_PAYPAL_WEBHOOK_ID, payload),
        ),
        signingKey.privateKey,
      );
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${server.url}/v1/notifications/certs/CERT-FAKE`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig.toString('base64'),
          'paypal-transmission-time': time,
        },
      };
    },
    approve: (id) => {
      const order = orders.get(id);
      if (!order) throw new Error(`fake PayPal has no order ${id}`);
      order.status = 'APPROVED';
    },
    setCaptureOutcome: (status) => {
      captureOutcome = status;
    },
    captureCount: (id) => captures.get(id) ?? 0,
    refunds,
    captureIdOf: (id) => {
      const captureId = orders.get(id)?.purchase_units[0]?.payments?.captures[0]?.id;
      if (!captureId) throw new Error(`fake PayPal order ${id} has no capture`);
      return captureId;
    },
  };
}
