/**
 * A local stand-in for PayPal Payouts in PayPal's response shapes: POST /v1/oauth2/token,
 * POST /v1/payments/payouts, GET /v1/payments/payouts/:batchId. As at PayPal, the sender_batch_id is
 * the idempotency guard (PayPal-Request-Id does not dedupe payouts): a repeat answers 400
 * USER_BUSINESS_ERROR linking to the original batch. A new batch is PENDING; settle() plays PayPal
 * processing it.
 */
import crypto from 'node:crypto';
import { centsToUsdString, parseUsdToCents } from '#shared/money.ts';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, fakePaypalOAuth } from './fake-paypal.ts';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-server.ts';

type Money = { currency: string; value: string };
type Link = { href: string; rel: string; method: string; encType: string };

type FakePayoutItem = {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status: string;
  payout_item_fee: Money;
  payout_batch_id: string;
  payout_item: {
    recipient_type: string;
    amount: Money;
    note?: string;
    receiver: string;
    sender_item_id?: string;
  };
  time_processed?: string;
  errors?: { name: string; message: string };
  links: Link[];
};

type FakePayoutBatch = {
  batch_header: {
    payout_batch_id: string;
    batch_status: 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'DENIED' | 'CANCELED';
    time_created: string;
    time_completed?: string;
    sender_batch_header: { sender_batch_id: string; email_subject?: string };
    amount: Money;
    fees: Money;
  };
  items: FakePayoutItem[];
  links: Link[];
};

type PayoutBody = {
  sender_batch_header?: { sender_batch_id?: string; email_subject?: string };
  items?: {
    recipient_type?: string;
    amount?: Money;
    receiver?: string;
    note?: string;
    sender_item_id?: string;
  }[];
};

export type FakePaypalPayouts = FakeServer & {
  /** Every batch PayPal accepted (money committed), by payout_batch_id. */
  batches: Map<string, FakePayoutBatch>;
  /** Environment for testConfig: the PayPal keys against this fake, with PayPal Payouts on. */
  env: Record<string, string>;
  /** PayPal processes a batch: its item ends SUCCESS (default), UNCLAIMED, FAILED, … */
  settle: (batchId: string, itemStatus?: string) => FakePayoutBatch;
  /** The next payout request is refused with this error (status 422 unless given). */
  refuseNext: (error: { name: string; message: string; status?: number }) => void;
  /** Forgets every issued access token, as when they expire. */
  expireTokens: () => void;
};

const now = () => new Date().toISOString();
const randomId = (length: number) =>
  crypto.randomBytes(length).toString('hex').toUpperCase().slice(0, length);

function paypalError(status: number, name: string, message: string, details?: unknown[]): FakeResponse {
  return {
    status,
    body: {
      name,
      message,
      debug_id: crypto.randomBytes(6).toString('hex'),
      information_link: `https://developer.paypal.com/docs/api/payments.payouts-batch/#errors`,
      ...(details ? { details } : {}),
      links: [],
    },
  };
}

const USD_VALUE = /^\d{1,10}(?:\.\d{1,2})?$/;

export async function startFakePaypalPayouts(): Promise<FakePaypalPayouts> {
  const batches = new Map<string, FakePayoutBatch>();
  const bySenderBatchId = new Map<string, string>();
  let refusal: { name: string; message: string; status?: number } | null = null;
  let baseUrl = '';
  const oauth = fakePaypalOAuth('https://uri.paypal.com/services/payments/payouts');
  const selfLink = (batchId: string): Link => ({
    href: `${baseUrl}/v1/payments/payouts/${batchId}`,
    rel: 'self',
    method: 'GET',
    encType: 'application/json',
  });

  const createPayout = (req: FakeRequest): FakeResponse => {
    let body: PayoutBody;
    try {
      body = JSON.parse(req.body) as PayoutBody;
    } catch {
      return paypalError(400, 'MALFORMED_REQUEST', 'Incoming JSON request does not map to API request');
    }
    const senderBatchId = body.sender_batch_header?.sender_batch_id;
    const items = body.items ?? [];
    const invalid = items.findIndex(
      (i) => !i.receiver || !i.amount || !USD_VALUE.test(i.amount.value) || i.amount.currency !== 'USD',
    );
    if (items.length === 0 || invalid >= 0) {
      return paypalError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
        { field: `items[${Math.max(invalid, 0)}]`, location: 'body', issue: 'Item is invalid' },
      ]);
    }
    const earlier = senderBatchId ? bySenderBatchId.get(senderBatchId) : undefined;
    if (earlier) {
      return paypalError(400, 'USER_BUSINESS_ERROR', 'User business error.', [
        {
          field: 'SENDER_BATCH_ID',
          location: 'body',
          issue: 'Batch with given sender_batch_id already exists',
          link: [selfLink(earlier)],
        },
      ]);
    }
    if (refusal) {
      const { name, message, status = 422 } = refusal;
      refusal = null;
      return paypalError(status, name, message);
    }
    const batchId = randomId(13);
    const totalCents = items.reduce((sum, i) => sum + parseUsdToCents(i.amount!.value), 0);
    const batch: FakePayoutBatch = {
      batch_header: {
        payout_batch_id: batchId,
        batch_status: 'PENDING',
        time_created: now(),
        sender_batch_header: {
          sender_batch_id: senderBatchId ?? randomId(16),
          email_subject: body.sender_batch_header?.email_subject,
        },
        amount: { currency: 'USD', value: centsToUsdString(totalCents) },
        fees: { currency: 'USD', value: '0.00' },
      },
      items: items.map((i) => {
        const itemId = randomId(13);
        return {
          payout_item_id: itemId,
          transaction_status: 'PENDING',
          payout_item_fee: { currency: 'USD', value: '0.00' },
          payout_batch_id: batchId,
          payout_item: {
            recipient_type: i.recipient_type ?? 'EMAIL',
            amount: i.amount!,
            note: i.note,
            receiver: i.receiver!,
            sender_item_id: i.sender_item_id,
          },
          links: [
            {
              href: `${baseUrl}/v1/payments/payouts-item/${itemId}`,
              rel: 'item',
              method: 'GET',
              encType: 'application/json',
            },
          ],
        };
      }),
      links: [selfLink(batchId)],
    };
    batches.set(batchId, batch);
    bySenderBatchId.set(batch.batch_header.sender_batch_header.sender_batch_id, batchId);
    // Created answers only the header: the items are processed asynchronously.
    const { batch_header } = batch;
    return {
      status: 201,
      body: {
        batch_header: {
          payout_batch_id: batch_header.payout_batch_id,
          batch_status: batch_header.batch_status,
          sender_batch_header: batch_header.sender_batch_header,
        },
        links: batch.links,
      },
    };
  };

  const server = await startFakeServer((req) => {
    const issued = oauth.issue(req);
    if (issued) return issued;
    if (!oauth.isAuthorized(req)) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Access Token not found in cache' },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/payments/payouts') return createPayout(req);
    const m = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      const batch = batches.get(m[1]!);
      return batch
        ? { status: 200, body: structuredClone(batch) }
        : paypalError(404, 'INVALID_RESOURCE_ID', 'The requested resource ID was not found');
    }
    return paypalError(404, 'NOT_FOUND', `No route for ${req.method} ${req.path}`);
  });
  baseUrl = server.url;

  return {
    ...server,
    batches,
    env: {
      PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET,
      PAYPAL_ENV: 'sandbox',
      PAYPAL_API_URL: server.url,
      PAYPAL_PAYOUTS: 'true',
    },
    settle: (batchId, itemStatus = 'SUCCESS') => {
      const batch = batches.get(batchId);
      if (!batch) throw new Error(`fake PayPal has no payout batch ${batchId}`);
      batch.batch_header.batch_status = 'SUCCESS';
      batch.batch_header.time_completed = now();
      for (const item of batch.items) {
        item.transaction_status = itemStatus;
        item.time_processed = now();
        if (itemStatus === 'SUCCESS') item.transaction_id = randomId(17);
        if (itemStatus === 'FAILED') {
          item.errors = { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' };
        }
      }
      return batch;
    },
    refuseNext: (error) => {
      refusal = error;
    },
    expireTokens: oauth.expire,
  };
}
