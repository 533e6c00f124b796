/**
 * A local stand-in for a Solana JSON-RPC node: getSignaturesForAddress and getTransaction
 * (jsonParsed, with pre/post token balances). transfer() plays a wallet paying a Solana Pay request:
 * it records a confirmed transaction that mentions the reference and moves tokens.
 */
import crypto from 'node:crypto';
import bs58 from 'bs58';
import { startFakeServer, type FakeServer } from './fake-server.ts';

const FAKE_TOKEN_DECIMALS = 6;

/** A random base58 public key. */
export function randomPubkey(): string {
  return bs58.encode(crypto.randomBytes(32));
}

type TokenBalance = {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number; uiAmountString: string };
};

type Tx = {
  signature: string;
  reference: string;
  slot: number;
  err: unknown;
  confirmationStatus: 'processed' | 'confirmed' | 'finalized';
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
};

type FakeTransfer = {
  reference: string;
  /** Base units moved (6 decimals: 1 token = 1_000_000). */
  amountBaseUnits: bigint;
  /** Who receives: the treasury by default. */
  recipient?: string;
  /** Which token: the configured mint by default. */
  mint?: string;
  /** Recipient's balance before (the associated account exists), 0 = created by this transaction. */
  recipientBalanceBefore?: bigint;
  err?: unknown;
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized';
};

export type FakeSolanaRpc = FakeServer & {
  treasury: string;
  tokenMint: string;
  env: Record<string, string>;
  transfer: (t: FakeTransfer) => string;
  /** RPC method names called, in order. */
  calls: () => string[];
};

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

function balance(accountIndex: number, mint: string, owner: string, amount: bigint): TokenBalance {
  const ui = Number(amount) / 10 ** FAKE_TOKEN_DECIMALS;
  return {
    accountIndex,
    mint,
    owner,
    programId: TOKEN_PROGRAM,
    uiTokenAmount: {
      amount: amount.toString(),
      decimals: FAKE_TOKEN_DECIMALS,
      uiAmount: ui,
      uiAmountString: String(ui),
    },
  };
}

export async function startFakeSolanaRpc(): Promise<FakeSolanaRpc> {
  const treasury = randomPubkey();
  const tokenMint = randomPubkey();
  const txs: Tx[] = [];
  const methods: string[] = [];
  let slot = 250_000_000;

  const server = await startFakeServer((req) => {
    const { id, method, params } = JSON.parse(req.body) as { id: number; method: string; params: unknown[] };
    methods.push(method);
    if (method === 'getSignaturesForAddress') {
      const [address, options] = params as [string, { limit?: number }];
      const found = txs
        .filter((t) => t.reference === address)
        .reverse()
        .slice(0, options.limit ?? 1000)
        .map((t) => ({
          signature: t.signature,
          slot: t.slot,
          err: t.err,
          memo: null,
          blockTime: 1_800_000_000,
          confirmationStatus: t.confirmationStatus,
        }));
      return { status: 200, body: { jsonrpc: '2.0', id, result: found } };
    }
    if (method === 'getTransaction') {
      const [signature, options] = params as [
        string,
        { encoding?: string; maxSupportedTransactionVersion?: number },
      ];
      if (options.encoding !== 'jsonParsed' || options.maxSupportedTransactionVersion !== 0) {
        return {
          status: 200,
          body: { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params' } },
        };
      }
      const tx = txs.find((t) => t.signature === signature);
      const visible = tx && tx.confirmationStatus !== 'processed';
      return {
        status: 200,
        body: {
          jsonrpc: '2.0',
          id,
          result: visible
            ? {
                slot: tx.slot,
                blockTime: 1_800_000_000,
                version: 0,
                meta: {
                  err: tx.err,
                  fee: 5000,
                  preTokenBalances: tx.preTokenBalances,
                  postTokenBalances: tx.postTokenBalances,
                  logMessages: [],
                },
                transaction: { signatures: [tx.signature], message: { accountKeys: [], instructions: [] } },
              }
            : null,
        },
      };
    }
    return {
      status: 200,
      body: { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } },
    };
  });

  return {
    ...server,
    treasury,
    tokenMint,
    env: { SOLANA_RPC_URL: server.url, TOKEN_MINT: tokenMint, TREASURY_WALLET: treasury },
    transfer: (t) => {
      const signature = bs58.encode(crypto.randomBytes(64));
      const payer = randomPubkey();
      const mint = t.mint ?? tokenMint;
      const recipient = t.recipient ?? treasury;
      const before = t.recipientBalanceBefore ?? 0n;
      const payerBefore = t.amountBaseUnits + 1_000_000n;
      const pre = [balance(1, mint, payer, payerBefore)];
      if (before > 0n) pre.push(balance(2, mint, recipient, before));
      const post = [
        balance(1, mint, payer, payerBefore - t.amountBaseUnits),
        balance(2, mint, recipient, before + t.amountBaseUnits),
      ];
      txs.push({
        signature,
        reference: t.reference,
        slot: slot++,
        err: t.err ?? null,
        confirmationStatus: t.confirmationStatus ?? 'confirmed',
        preTokenBalances: pre,
        postTokenBalances: post,
      });
      return signature;
    },
    calls: () => [...methods],
  };
}
