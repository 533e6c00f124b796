/**
 * Payouts through PayPal Payouts (issue 11): one single-item batch per payout, to the payee's PayPal
 * e-mail, over the REST API (POST /v1/payments/payouts; the PayPal server SDK has no Payouts
 * controller). On when Config.payouts.paypalPayouts (PAYPAL_PAYOUTS=true with the PayPal keys).
 *
 * Idempotency: sender_batch_id is payout-<id>. PayPal keeps it 30 days and answers a repeat with
 * 400 USER_BUSINESS_ERROR (details[].field SENDER_BATCH_ID, "Batch with given sender_batch_id already
 * exists") and a link to the original batch. That batch is read back and adopted only when it pays
 * the same amount to the same receiver; otherwise the send is refused (CONFLICT), never repeated.
 */
import { z } from 'zod';
import { BRAND } from '#shared/brand.ts';
import { centsToUsdString, parseUsdToCents } from '#shared/money.ts';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  assertPayableAmount,
  payoutIdempotencyKey,
  type PayoutLookup,
  type PayoutProvider,
  type PayoutRequest,
} from './payout-provider.ts';

export type PaypalPayoutsSettings = NonNullable<Config['paypal']>;

const PAYPAL_API_HOSTS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' };
const REQUEST_TIMEOUT_MS = 20_000;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const BATCH_LINK_PATTERN = /\/v1\/payments\/payouts\/([A-Za-z0-9]+)(?:[/?#]|$)/;

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number() });

const LinkSchema = z.object({ href: z.string() });
const PaypalErrorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z
    .array(
      z.object({
        field: z.string().optional(),
        issue: z.string().optional(),
        link: z.array(LinkSchema).optional(),
        links: z.array(LinkSchema).optional(),
      }),
    )
    .optional(),
  links: z.array(LinkSchema).optional(),
});
type PaypalError = z.infer<typeof PaypalErrorSchema>;

const MoneySchema = z.object({ value: z.string(), currency: z.string() });
const PayoutBatchSchema = z.object({
  batch_header: z.object({
    payout_batch_id: z.string().min(1),
    batch_status: z.string(),
    sender_batch_header: z.object({ sender_batch_id: z.string().optional() }).optional(),
  }),
  items: z
    .array(
      z.object({
        transaction_status: z.string().optional(),
        payout_item: z.object({ amount: MoneySchema, receiver: z.string() }),
        errors: z.object({ name: z.string().optional(), message: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
/** A payout batch as PayPal answers it (create or show), with the fields we read. */
type PaypalPayoutBatch = z.infer<typeof PayoutBatchSchema>;

const FAILED_ITEM_STATUSES = new Set(['FAILED', 'RETURNED', 'REFUNDED', 'REVERSED', 'BLOCKED', 'DENIED']);

/**
 * Where a batch stands. A single-item batch is judged by its item when PayPal lists it: a batch can
 * be SUCCESS while its item is UNCLAIMED (held until the receiver opens an account) or FAILED.
 */
function payoutLookupOf(batch: PaypalPayoutBatch): PayoutLookup {
  const item = batch.items?.[0];
  const status = item?.transaction_status ?? batch.batch_header.batch_status;
  if (status === 'SUCCESS') return { status: 'paid' };
  if (FAILED_ITEM_STATUSES.has(status) || status === 'CANCELED') {
    return { status: 'failed', reason: item?.errors?.message ?? status };
  }
  return { status: 'pending' };
}

/** The Payouts request for one payout: a batch of one item, both keyed by the payout. */
function payoutBatchBody(payout: PayoutRequest) {
  const key = payoutIdempotencyKey(payout.payoutId);
  return {
    sender_batch_header: { sender_batch_id: key, email_subject: `You have a payout from ${BRAND.name}` },
    items: [
      {
        recipient_type: 'EMAIL',
        amount: { value: centsToUsdString(payout.amountCents), currency: payout.currency },
        receiver: payout.destination,
        note: payout.note.slice(0, 1000),
        sender_item_id: key,
      },
    ],
  };
}

/**
 * When PayPal refused a repeated sender_batch_id: the original batch's id from its link (null if
 * PayPal gave none). Null for any other error.
 */
function duplicateBatchOf(error: PaypalError): { batchId: string | null } | null {
  const details = error.details ?? [];
  const isDuplicate = details.some(
    (d) => d.field?.toUpperCase() === 'SENDER_BATCH_ID' || /sender_batch_id/i.test(d.issue ?? ''),
  );
  if (!isDuplicate) return null;
  const links = [...details.flatMap((d) => [...(d.link ?? []), ...(d.links ?? [])]), ...(error.links ?? [])];
  const batchId = links.map((link) => BATCH_LINK_PATTERN.exec(link.href)?.[1]).find(Boolean);
  return { batchId: batchId ?? null };
}

/** True when an earlier batch pays this payout: same key (when shown), receiver and amount. */
function isSamePayout(batch: PaypalPayoutBatch, payout: PayoutRequest): boolean {
  const key = batch.batch_header.sender_batch_header?.sender_batch_id;
  const item = batch.items?.[0]?.payout_item;
  if (!item || (key !== undefined && key !== payoutIdempotencyKey(payout.payoutId))) return false;
  let cents: number;
  try {
    cents = parseUsdToCents(item.amount.value);
  } catch {
    return false;
  }
  return (
    item.receiver.toLowerCase() === payout.destination.toLowerCase() &&
    item.amount.currency === payout.currency &&
    cents === payout.amountCents
  );
}

/** PayPal's error name and first issue (or message) for an admin-facing message. */
function describePaypalError(error: PaypalError | null, status: number): string {
  const issue = error?.details?.find((d) => d.issue)?.issue;
  return [error?.name ?? `HTTP ${status}`, issue ?? error?.message].filter(Boolean).join(': ');
}

/** The PayPal Payouts rail. */
export function createPaypalPayouts(settings: PaypalPayoutsSettings): PayoutProvider {
  const base = (settings.apiUrl ?? PAYPAL_API_HOSTS[settings.env]).replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | null = null;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      throw new AppError('PAYMENT_FAILED', 'PayPal could not be reached; retrying the payout is safe.');
    }
  }

  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const res = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const parsed = TokenSchema.safeParse(await res.json().catch(() => null));
    if (!res.ok || !parsed.success) {
      throw new AppError('PAYMENT_FAILED', `PayPal refused the API credentials (HTTP ${res.status}).`);
    }
    const lifetimeMs = Math.max(parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS, 0);
    token = { value: parsed.data.access_token, renewAt: Date.now() + lifetimeMs };
    return token.value;
  }

  /** An authorized JSON call; a token PayPal no longer accepts is renewed once. */
  async function call(method: string, path: string, body?: unknown, requestId?: string) {
    const attempt = async () => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
      };
      if (requestId) headers['paypal-request-id'] = requestId;
      return send(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    };
    let res = await attempt();
    if (res.status === 401) {
      token = null;
      res = await attempt();
    }
    return { status: res.status, ok: res.ok, json: (await res.json().catch(() => null)) as unknown };
  }

  async function getBatch(batchId: string): Promise<PaypalPayoutBatch> {
    const res = await call('GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}`);
    const batch = PayoutBatchSchema.safeParse(res.json);
    if (!res.ok || !batch.success) {
      const error = PaypalErrorSchema.safeParse(res.json);
      throw new AppError(
        'PAYMENT_FAILED',
        `PayPal did not show payout batch ${batchId}: ${describePaypalError(error.data ?? null, res.status)}`,
      );
    }
    return batch.data;
  }

  /** The result of a batch PayPal holds for this payout; a failed batch paid nothing. */
  function resultOf(batch: PaypalPayoutBatch, payout: PayoutRequest) {
    const lookup = payoutLookupOf(batch);
    if (lookup.status === 'failed') {
      // The batch id stays taken for 30 days: this payout cannot be sent again under its id.
      throw new AppError(
        'PAYMENT_FAILED',
        `PayPal did not pay ${payoutIdempotencyKey(payout.payoutId)}: ${lookup.reason ?? 'failed'}. Pay it as a new payout.`,
      );
    }
    return { reference: batch.batch_header.payout_batch_id, status: lookup.status };
  }

  return {
    rail: 'paypal_payouts',
    send: async (payout) => {
      assertPayableAmount(payout);
      if (!z.email().safeParse(payout.destination).success) {
        throw new AppError('UNPROCESSABLE', 'The payee has no valid PayPal e-mail to pay into.');
      }
      const key = payoutIdempotencyKey(payout.payoutId);
      const res = await call('POST', '/v1/payments/payouts', payoutBatchBody(payout), key);
      if (res.ok) {
        const batch = PayoutBatchSchema.safeParse(res.json);
        if (!batch.success)
          throw new AppError('PAYMENT_FAILED', `PayPal's answer to ${key} was unreadable; retrying is safe.`);
        return resultOf(batch.data, payout);
      }
      const error = PaypalErrorSchema.safeParse(res.json).data ?? null;
      const duplicate = error && res.status < 500 ? duplicateBatchOf(error) : null;
      if (duplicate && !duplicate.batchId) {
        throw new AppError(
          'CONFLICT',
          `PayPal already holds ${key} but did not say which batch; check PayPal.`,
        );
      }
      if (duplicate?.batchId) {
        const original = await getBatch(duplicate.batchId);
        if (!isSamePayout(original, payout)) {
          throw new AppError('CONFLICT', `PayPal already holds ${key} with another amount or receiver.`);
        }
        return resultOf(original, payout);
      }
      const retry = res.status >= 500 ? '; retrying the payout is safe' : '';
      throw new AppError(
        'PAYMENT_FAILED',
        `PayPal refused the payout: ${describePaypalError(error, res.status)}${retry}`,
      );
    },
    lookupPayout: async (reference) => payoutLookupOf(await getBatch(reference)),
  };
}
