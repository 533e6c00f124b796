/**
 * Token payments with Solana Pay transfer requests (docs/decisions/005-payment-providers.md).
 * Checkout answers a `solana:` URL for the quoted token amount with a fresh random reference key; the
 * wallet adds that key to its transfer, so getSignaturesForAddress(reference) finds the payment. A
 * confirmed transaction that raised the treasury's balance of the token by at least the quoted amount
 * pays the order (keyed by its signature); anything else found under the reference is rejected and
 * flagged for an admin.
 */
import crypto from 'node:crypto';
import bs58 from 'bs58';
import { BRAND } from '#shared/brand.ts';
import { tokenAmountToBaseUnits } from '#shared/money.ts';
import { TOKEN_PAYMENT_PATH } from '#shared/payments.schemas.ts';
import type { Config } from '#server/config.ts';
import { findOrderByProviderRef, type OrderRow } from '#server/modules/orders/index.ts';
import type { CreatedPayment, PaymentProvider } from './payment-provider.ts';
import { createSolanaRpc, type ParsedTransaction, type SolanaRpc, type TokenBalance } from './solana-rpc.ts';

export type SolanaSettings = NonNullable<Config['solana']>;

/** How many transactions under one reference are examined (a buyer may retry a failed transfer). */
const SIGNATURE_LIMIT = 20;

/** A fresh Solana Pay reference: 32 random bytes as a base58 public key. */
function newReference(): string {
  return bs58.encode(crypto.randomBytes(32));
}

/** "12.500000" → "12.5", "100.000000" → "100": Solana Pay amounts carry no padding zeros. */
function trimTokenAmount(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

/**
 * The Solana Pay transfer request of an order:
 * solana:<treasury>?amount=&spl-token=<mint>&reference=&label=&message=&memo=order-<id>.
 */
export function transferRequestUrl(
  settings: SolanaSettings,
  order: { id: number; artchipAmount: string; reference: string },
): string {
  const params: [string, string][] = [
    ['amount', trimTokenAmount(order.artchipAmount)],
    ['spl-token', settings.tokenMint],
    ['reference', order.reference],
    ['label', BRAND.name],
    ['message', `${BRAND.name} order #${order.id}`],
    ['memo', `order-${order.id}`],
  ];
  // Solana Pay asks for RFC 3986 percent-encoding (spaces as %20, never '+').
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `solana:${settings.treasuryWallet}?${query}`;
}

/** /token-payment?orderId=&reference= : the page with the link, QR code and countdown. */
function tokenPaymentPageUrl(orderId: number, reference: string): string {
  return `${TOKEN_PAYMENT_PATH}?${new URLSearchParams({ orderId: String(orderId), reference }).toString()}`;
}

/** What one transaction under an order's reference means for that order. */
type TransferVerdict =
  | { kind: 'paid'; receivedBaseUnits: bigint; decimals: number }
  | {
      kind: 'rejected';
      reason: 'short_transfer' | 'wrong_mint' | 'wrong_recipient' | 'no_transfer';
      receivedBaseUnits: bigint;
    };

type BalanceChange = { mint: string; owner: string | undefined; delta: bigint; decimals: number };

/** Token balance changes per account of a transaction (an account created in it starts at 0). */
function balanceChanges(tx: ParsedTransaction): BalanceChange[] {
  const byAccount = new Map<number, BalanceChange>();
  const add = (balances: TokenBalance[] | null | undefined, sign: 1n | -1n) => {
    for (const b of balances ?? []) {
      const entry = byAccount.get(b.accountIndex) ?? {
        mint: b.mint,
        owner: b.owner,
        delta: 0n,
        decimals: b.uiTokenAmount.decimals,
      };
      entry.delta += sign * BigInt(b.uiTokenAmount.amount);
      byAccount.set(b.accountIndex, entry);
    }
  };
  add(tx.meta?.preTokenBalances, -1n);
  add(tx.meta?.postTokenBalances, 1n);
  return [...byAccount.values()];
}

/**
 * Judges a confirmed, successful transaction against an order: the treasury's balance of the token
 * mint must rise by at least the quoted amount (in the mint's base units, rounded up).
 */
function judgeTransfer(
  settings: SolanaSettings,
  tx: ParsedTransaction,
  artchipAmount: string,
): TransferVerdict {
  const changes = balanceChanges(tx);
  const toTreasury = changes.filter(
    (c) => c.owner === settings.treasuryWallet && c.mint === settings.tokenMint,
  );
  const received = toTreasury.reduce((sum, c) => sum + c.delta, 0n);
  if (received > 0n) {
    const decimals = toTreasury[0]!.decimals;
    const required = tokenAmountToBaseUnits(artchipAmount, decimals);
    return received >= required
      ? { kind: 'paid', receivedBaseUnits: received, decimals }
      : { kind: 'rejected', reason: 'short_transfer', receivedBaseUnits: received };
  }
  const treasuryGotOtherToken = changes.some(
    (c) => c.owner === settings.treasuryWallet && c.mint !== settings.tokenMint && c.delta > 0n,
  );
  if (treasuryGotOtherToken) return { kind: 'rejected', reason: 'wrong_mint', receivedBaseUnits: 0n };
  const someoneElseGotToken = changes.some(
    (c) => c.owner !== settings.treasuryWallet && c.mint === settings.tokenMint && c.delta > 0n,
  );
  if (someoneElseGotToken) return { kind: 'rejected', reason: 'wrong_recipient', receivedBaseUnits: 0n };
  return { kind: 'rejected', reason: 'no_transfer', receivedBaseUnits: 0n };
}

/** A confirmed transaction found under an order's reference, judged. */
export type FoundTransfer = { signature: string; verdict: TransferVerdict };

/**
 * The reference search: every confirmed, successful transaction that mentions the order's reference
 * (oldest first), judged; `skip` names signatures already recorded, which are not fetched again.
 */
export async function searchReference(
  settings: SolanaSettings,
  rpc: SolanaRpc,
  order: Pick<OrderRow, 'providerRef' | 'artchipAmount'>,
  skip: ReadonlySet<string> = new Set(),
): Promise<FoundTransfer[]> {
  if (!order.providerRef || !order.artchipAmount) return [];
  const signatures = await rpc.getSignaturesForAddress(order.providerRef, SIGNATURE_LIMIT);
  const found: FoundTransfer[] = [];
  for (const info of [...signatures].reverse()) {
    const isConfirmed = info.confirmationStatus === 'confirmed' || info.confirmationStatus === 'finalized';
    if (info.err || !isConfirmed || skip.has(info.signature)) continue;
    const tx = await rpc.getTransaction(info.signature);
    // Not yet visible at 'confirmed', or failed on chain (a failed transaction moves no tokens).
    if (!tx?.meta || tx.meta.err) continue;
    found.push({ signature: info.signature, verdict: judgeTransfer(settings, tx, order.artchipAmount) });
  }
  return found;
}

/** The Solana Pay adapter; `rpc` is the JSON-RPC client (a fake one in tests). */
export function createSolanaProvider(
  settings: SolanaSettings,
  rpc: SolanaRpc = createSolanaRpc(settings.rpcUrl),
): PaymentProvider & { settings: SolanaSettings; rpc: SolanaRpc } {
  return {
    name: 'solana',
    mode: 'live',
    methods: ['artchip'],
    settings,
    rpc,
    createPayment: async (order): Promise<CreatedPayment> => {
      if (!order.artchipAmount) throw new Error(`Order ${order.id} has no token amount`);
      const reference = newReference();
      const artchipUrl = tokenPaymentPageUrl(order.id, reference);
      return { redirectUrl: artchipUrl, providerRef: reference, artchipUrl };
    },
    lookupPayment: async (providerRef, ctx) => {
      const order = await findOrderByProviderRef(ctx.db, 'solana', providerRef);
      if (!order) return { status: 'pending' };
      const paid = (await searchReference(settings, rpc, order)).find((t) => t.verdict.kind === 'paid');
      // A verified transfer of at least the quoted tokens pays the order's USD total (it was quoted so).
      return paid
        ? { status: 'completed', eventKey: paid.signature, amountCents: order.totalCents, currency: 'USD' }
        : { status: 'pending' };
    },
    // The treasury's key never lives on this server, so the app cannot send tokens back: an admin
    // sends them from the treasury wallet and records the transfer's signature as the refund reference.
    refundPayment: async () => ({ status: 'manual', reference: null }),
  };
}

/** The app's Solana provider, when token payments are live. */
export function isSolanaProvider(
  provider: PaymentProvider | null,
): provider is PaymentProvider & { settings: SolanaSettings; rpc: SolanaRpc } {
  return provider?.name === 'solana' && 'rpc' in provider;
}

/** Registered in PAYMENT_PROVIDER_FACTORIES: live token payments when RPC URL, mint and treasury are set. */
export function solanaProviderFactory(config: Config): PaymentProvider | null {
  return config.solana ? createSolanaProvider(config.solana) : null;
}
