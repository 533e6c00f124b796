/**
 * The two Solana JSON-RPC calls token payments need, over plain fetch (no web3 library): find the
 * transactions that mention a Solana Pay reference, and read one with its token balances.
 */

/** One entry of getSignaturesForAddress. */
type SignatureInfo = {
  signature: string;
  slot: number;
  err: unknown;
  blockTime?: number | null;
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized' | null;
};

/** A token balance as jsonParsed transactions report it (amount in base units, as a string). */
export type TokenBalance = {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
};

/** The part of getTransaction (jsonParsed) a payment check reads. */
export type ParsedTransaction = {
  slot: number;
  blockTime?: number | null;
  meta: {
    err: unknown;
    preTokenBalances?: TokenBalance[] | null;
    postTokenBalances?: TokenBalance[] | null;
  } | null;
};

export type SolanaRpc = {
  getSignaturesForAddress: (address: string, limit: number) => Promise<SignatureInfo[]>;
  getTransaction: (signature: string) => Promise<ParsedTransaction | null>;
};

class SolanaRpcError extends Error {
  readonly code: number | undefined;
  constructor(message: string, code?: number) {
    super(message);
    this.name = 'SolanaRpcError';
    this.code = code;
  }
}

let nextId = 1;

/** A JSON-RPC client for `rpcUrl`; each call times out after `timeoutMs`. */
export function createSolanaRpc(rpcUrl: string, timeoutMs = 10_000): SolanaRpc {
  async function call<T>(method: string, params: unknown[]): Promise<T> {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new SolanaRpcError(`${method}: HTTP ${res.status}`);
    const body = (await res.json()) as { result?: T; error?: { code?: number; message?: string } };
    if (body.error) throw new SolanaRpcError(`${method}: ${body.error.message ?? 'error'}`, body.error.code);
    return body.result as T;
  }
  return {
    getSignaturesForAddress: (address, limit) =>
      call<SignatureInfo[]>('getSignaturesForAddress', [address, { limit, commitment: 'confirmed' }]),
    getTransaction: (signature) =>
      call<ParsedTransaction | null>('getTransaction', [
        signature,
        { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' },
      ]),
  };
}
