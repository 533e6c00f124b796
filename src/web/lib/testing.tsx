/**
 * Test harness for the web's component tests: the app's providers around a memory router, the API
 * answered by Mock Service Worker from `METHOD /path` routes, and builders of the API's answers (typed by the shared
 * schemas, so a schema change shows up here). Imported by tests only.
 */
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, Router, useRoutes } from '#web/lib/router.tsx';
import { BRAND } from '#shared/brand.ts';
import type { Chip, ChipActions } from '#shared/chips.schemas.ts';
import { DEFAULT_SITE_SETTINGS, type SiteInfo, type SiteSettings } from '#shared/settings.schemas.ts';
import type { LedgerLine } from '#shared/ledger.schemas.ts';
import type { AdminOrderActions, AdminOrderDetail, MyArtchipItem, Order } from '#shared/orders.schemas.ts';
import type { PayoutDto } from '#shared/payouts.schemas.ts';
import type { RefundDto } from '#shared/refunds.schemas.ts';
import type { CheckoutResponse, QuoteResponse } from '#shared/checkout.schemas.ts';
import type { User } from '#shared/users.schemas.ts';
import { ToastProvider } from '#web/components/ui/toast.tsx';
import { AuthProvider } from '#web/lib/auth.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
// What the app loads on first use (the toast, the schemas the header's reads parse with), loaded up
// front here: in the browser it is one small chunk, but transforming it on first use in a loaded test
// run can outlast a findBy* wait.
import '#web/components/ui/toast-view.tsx';
import '#shared/users.schemas.ts';
import '#shared/price.schemas.ts';

/** One request the app sent, as the handlers and the tests see it. */
export type ApiCall = {
  method: string;
  path: string;
  search: string;
  /** The JSON body parsed, a FormData as sent, or undefined. */
  body: unknown;
};
export type ApiReply = { status?: number; body?: unknown };
export type ApiHandler = (call: ApiCall) => ApiReply | Promise<ApiReply>;

const NOT_FOUND: ApiReply = { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };

/**
 * The network the component tests run against (Mock Service Worker): the app's own fetch goes out
 * untouched and is answered here. Each test file starts it, each test's `mockApi` sets its handlers.
 */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function readCall(request: Request): Promise<ApiCall> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  const body = type.includes('application/json')
    ? ((await request.json()) as unknown)
    : type.includes('multipart/form-data')
      ? await pageFormData(await request.formData())
      : undefined;
  return {
    method: request.method,
    path: url.pathname,
    search: url.search,
    body,
  };
}

/** A form read off the wire (Node's FormData) as the page's own FormData, so tests compare it with the page's. */
async function pageFormData(wire: Awaited<ReturnType<Request['formData']>>): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of wire.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new File([await value.arrayBuffer()], value.name, { type: value.type }));
  }
  return form;
}

function toResponse(reply: ApiReply): Response {
  return new HttpResponse(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { 'content-type': 'application/json' },
  });
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

/**
 * Answers the API from `routes`: each `METHOD /path` from its handler; anything else is a 404 in the
 * API's shape; a handler that throws fails the request as the network would. `calls` are the requests
 * sent since, in order; a later `mockApi` replaces the routes. `fetchMock` watches fetch itself (calling
 * through to the network above) for what a request does not carry, such as its `credentials`.
 */
export function mockApi(routes: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const answer =
    (handler: ApiHandler) =>
    async ({ request }: { request: Request }) => {
      const call = await readCall(request);
      calls.push(call);
      try {
        return toResponse(await handler(call));
      } catch {
        // A handler that throws is the network failing: fetch rejects, as it does offline.
        return HttpResponse.error();
      }
    };
  server.resetHandlers(
    ...Object.entries(routes).map(([key, handler]) => {
      const [method, path] = key.split(' ') as [keyof typeof METHODS, string];
      return METHODS[method](path, answer(handler));
    }),
    http.all(
      '*',
      answer(() => NOT_FOUND),
    ),
  );
  const fetchMock = vi.spyOn(globalThis, 'fetch');
  return {
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    fetchMock,
  };
}

/** `ui` as the page for `path` (every path by default), so it reads that route's params. */
function TestRoute({ path, ui }: { path: string; ui: ReactNode }) {
  return useRoutes([{ path, element: ui }]);
}

/**
 * Renders `ui` at `route` with the app's providers; signed in when `token` is given (any value). `history` is
 * where the app has navigated to since.
 */
export function renderWithApp(
  ui: ReactNode,
  options: { route?: string; path?: string; token?: string } = {},
) {
  // Signed in as the server leaves it: the session cookie (HttpOnly, unseen here) and its marker.
  document.cookie = options.token ? 'artchip_signed_in=1; Path=/' : 'artchip_signed_in=; Path=/; Max-Age=0';
  const history = createMemoryHistory([options.route ?? '/']);
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <ToastProvider>
          <Router history={history}>
            <TestRoute path={options.path ?? '*'} ui={ui} />
          </Router>
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, history };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 5,
    email: 'maker@example.com',
    username: 'maker',
    firstName: 'May',
    lastName: 'Ker',
    paypalEmail: null,
    affiliateCode: 'MAKER1',
    profileImageUrl: null,
    isEmailVerified: true,
    totalMinted: 0,
    role: 'user',
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return structuredClone({ ...DEFAULT_SITE_SETTINGS, ...overrides });
}

export function buildQuote(
  overrides: Partial<QuoteResponse['summary']> = {},
  options: Partial<QuoteResponse> = {},
): QuoteResponse {
  return {
    summary: {
      basePriceCents: 4000,
      discountCents: 0,
      markupCents: 0,
      shippingCents: 0,
      insuranceCents: 0,
      totalCents: 4000,
      artchipAmount: '40000.000000',
      tokenPriceUsd: '0.001',
      isFallbackPrice: true,
      quoteExpiresAt: '2030-01-01T00:15:00.000Z',
      ...overrides,
    },
    paymentOptions: [
      { method: 'card', mode: 'demo' },
      { method: 'paypal', mode: 'demo' },
      { method: 'artchip', mode: 'demo' },
    ],
    isPaymentMethodAllowed: true,
    ...options,
  };
}

/** A demo checkout answer (order 12, its demo payment page) with a buildQuote summary. */
export function buildCheckoutResponse(overrides: Partial<CheckoutResponse> = {}): CheckoutResponse {
  return {
    orderId: 12,
    redirectUrl: '/payment-processing?orderId=12&amount=40.00&method=card',
    newAccount: false,
    email: 'maker@example.com',
    paymentMode: 'demo',
    summary: buildQuote().summary,
    ...overrides,
  };
}

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 5,
    orderType: 'purchase',
    status: 'completed',
    paymentStatus: 'completed',
    statusNote: null,
    paymentMethod: 'card',
    paymentProvider: 'demo',
    artchipAmount: null,
    basePriceCents: 4000,
    discountCents: 0,
    markupCents: 0,
    shippingCents: 0,
    insuranceCents: 0,
    totalCents: 4000,
    shippingOption: 'store',
    shippingAddress: null,
    artchipTitle: 'Harbor Lights',
    artchipId: 9,
    artchipImageUrl: null,
    creatorUsername: 'maker',
    artchipSlug: 'harbor-lights',
    isSurprize: false,
    offerId: null,
    carrier: null,
    trackingNumber: null,
    quoteExpiresAt: null,
    paidAt: '2030-01-01T00:01:00.000Z',
    shippedAt: null,
    deliveredAt: null,
    deliveredBy: null,
    canConfirmReceived: false,
    canCancelTransfer: false,
    createdAt: '2030-01-01T00:00:00.000Z',
    transferTo: null,
    canPayNow: false,
    ...overrides,
  };
}

export function buildSiteInfo(overrides: Partial<SiteInfo> = {}): SiteInfo {
  return {
    brand: { name: BRAND.name, plural: BRAND.plural, slug: BRAND.slug, ticker: BRAND.ticker },
    supportEmail: 'support@example.com',
    liveAuctionUrl: 'https://example.com/live',
    demoPayments: true,
    livePrice: false,
    tokenMint: null,
    ...overrides,
  };
}

/** No action for anyone: each test switches on the ones it needs. */
export const NO_CHIP_ACTIONS: ChipActions = {
  buy: false,
  offer: false,
  activate: false,
  list: false,
  delist: false,
  price: false,
  shipToMe: false,
  transfer: false,
  handover: false,
  report: false,
  sendToVault: false,
};

/** A chip as the API answers it: by default made by @maker, listed at $40 and for sale. */
export function buildChip(overrides: Partial<Chip> = {}): Chip {
  return {
    id: 9,
    title: 'Harbor Lights',
    slug: 'harbor-lights',
    description: null,
    price: '40000',
    priceUsd: '40.00',
    imageUrl: '/media/harbor.webp',
    imageVariants: [],
    imagePlaced: false,
    imageWidth: 64,
    imageHeight: 64,
    originalImageUrl: null,
    adminImageUrl: null,
    adminVideoUrl: null,
    additionalImageUrls: [],
    unitId: null,
    nfcUid: null,
    isAvailable: true,
    isActive: true,
    isForSale: true,
    isSurprize: false,
    creatorId: 5,
    creatorUsername: 'maker',
    ownerId: 5,
    ownerUsername: 'maker',
    creatorProfileImageUrl: null,
    creatorFollowerCount: 0,
    ownerProfileImageUrl: null,
    ownerIsCollector: false,
    associatedUrl: null,
    tiktokUrl: null,
    youtubeUrl: null,
    instagramUrl: null,
    xUrl: null,
    paypalEnabled: false,
    createdAt: '2030-01-01T00:00:00.000Z',
    shape: 'round',
    crop: null,
    status: 'active',
    shippingOption: 'store',
    custody: 'in_vault',
    highestSaleCents: 0,
    lastSale: null,
    isReserved: false,
    reportStatus: null,
    photos: [],
    watchCount: 0,
    actions: { ...NO_CHIP_ACTIONS, delist: true, price: true, shipToMe: true, transfer: true },
    isDemo: false,
    isDemoNotForSale: false,
    ...overrides,
  };
}

/** One row of GET /api/my-artchip: by default the viewer's own pending chip. */
export function buildMyArtchipItem(overrides: Partial<MyArtchipItem> = {}): MyArtchipItem {
  return {
    kind: 'chip',
    userStatus: 'Pending',
    isCreator: true,
    isOwner: true,
    canActivate: false,
    canEditPricing: false,
    canResell: false,
    canRequestShipping: false,
    title: 'Chip',
    imageUrl: null,
    orderId: 1,
    artchip: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** No admin action allowed; spread it and switch on the ones a test needs. */
export const NO_ADMIN_ORDER_ACTIONS: AdminOrderActions = {
  markProcessing: false,
  markCompleted: false,
  markShipped: false,
  markDelivered: false,
  createArtchip: false,
  uploadMedia: false,
  refund: false,
};

/** GET /api/admin/orders/:id: by default a paid ship-to-me purchase of a made chip, leaving the vault for its buyer. */
export function buildAdminOrderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: 42,
    orderType: 'purchase',
    mintTitle: null,
    mintDescription: null,
    mintAssociatedUrl: null,
    originalImageUrl: null,
    isSurprize: false,
    adminMedia: null,
    mediaState: null,
    buyerId: 9,
    username: 'buyer',
    email: 'buyer@example.com',
    orderStatus: 'processing',
    paymentStatus: 'completed',
    paymentMethod: 'card',
    totalCents: 5000,
    shippingOption: 'ship',
    shippingAddress: {
      name: 'Bea Buyer',
      addressLine1: '1 Main Street',
      addressLine2: null,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    },
    artchipId: 7,
    chipTitle: 'Harbor Lights',
    chipImageUrl: '/media/harbor.webp',
    carrier: null,
    trackingNumber: null,
    deliveredBy: null,
    canCreateArtchip: false,
    actions: { ...NO_ADMIN_ORDER_ACTIONS, markCompleted: true, markShipped: true },
    refundRefusal: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    item: {
      artchipId: 7,
      title: 'Harbor Lights',
      imageUrl: '/media/harbor.webp',
      unitId: '12345678901234',
      shape: 'square',
      crop: null,
      imageWidth: null,
      imageHeight: null,
      creatorUsername: 'maker',
      slug: 'harbor-lights',
      ownerUsername: 'buyer',
      custody: 'dispatching',
    },
    mintDesign: null,
    payment: {
      method: 'card',
      provider: 'stripe',
      providerRef: 'pi_123',
      basePriceCents: 4000,
      discountCents: 0,
      markupCents: 0,
      shippingCents: 1000,
      insuranceCents: 0,
      totalCents: 5000,
      artchipAmount: null,
      paidAt: '2030-01-01T00:01:00.000Z',
      flagged: null,
    },
    packing: { declaredValueCents: 4000, isInsured: false, requiresSignature: false, insuranceCents: 0 },
    timeline: [
      { type: 'placed', actorUsername: 'buyer', data: {}, createdAt: '2030-01-01T00:00:00.000Z' },
      {
        type: 'paid',
        actorUsername: null,
        data: { provider: 'stripe' },
        createdAt: '2030-01-01T00:01:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** A refund as the API answers it: by default $50.00 of order 42 sent back through Stripe. */
export function buildRefund(overrides: Partial<RefundDto> = {}): RefundDto {
  return {
    id: 1,
    orderId: 42,
    provider: 'stripe',
    amountCents: 5000,
    reason: 'admin',
    note: 'The chip broke in the workshop.',
    status: 'succeeded',
    providerReference: 're_123',
    failureMessage: null,
    createdAt: '2030-01-03T00:00:00.000Z',
    completedAt: '2030-01-03T00:00:05.000Z',
    ...overrides,
  };
}

/** One ledger line: by default the $50.00 Stripe captured for order 42. */
export function buildLedgerLine(overrides: Partial<LedgerLine> = {}): LedgerLine {
  return {
    id: 1,
    orderId: 42,
    payoutId: null,
    refundId: null,
    account: 'platform',
    kind: 'payment',
    userId: null,
    amountCents: 5000,
    reason: 'Card payment captured',
    createdAt: '2030-01-01T00:01:00.000Z',
    ...overrides,
  };
}

/** A payout as the API answers it: by default $28.00 of sale proceeds paid by hand. */
export function buildPayout(overrides: Partial<PayoutDto> = {}): PayoutDto {
  return {
    id: 1,
    kind: 'seller',
    amountCents: 2800,
    txReference: null,
    method: 'manual',
    status: 'paid',
    createdAt: '2030-01-02T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A stand-in for XMLHttpRequest (uploads go through it for their progress): each request waits until
 * the test reports progress and answers it.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  respond(status: number, body: unknown) {
    act(() => {
      this.upload.onload?.();
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}
