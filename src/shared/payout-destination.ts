/**
 * Protected payout destinations (decision 071), pure: when a new destination starts receiving
 * payouts, how that is said, and how a destination is shown masked in an e-mail.
 */
const HOUR_MS = 3600 * 1000;

/** When a destination set at `setAt` receives payouts (null setAt: set before the rule, payable now). */
export function destinationPayableFrom(setAt: Date | string | null, holdHours: number): Date | null {
  if (setAt === null) return null;
  return new Date(new Date(setAt).getTime() + holdHours * HOUR_MS);
}

/** True while a destination set at `setAt` is still in its hold at `now`. */
export function isDestinationOnHold(setAt: Date | string | null, holdHours: number, now: Date): boolean {
  const from = destinationPayableFrom(setAt, holdHours);
  return from !== null && from.getTime() > now.getTime();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 28, 2026 at 14:00 UTC": a moment in words, the same on every server and browser. */
export function formatUtcMoment(at: Date | string): string {
  const d = new Date(at);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} at ${hh}:${mm} UTC`;
}

/** Why a payout to a destination still in its hold is refused, and when it can be paid. */
export function destinationHoldMessage(setAt: Date | string, payableFrom: Date | string): string {
  return `This seller's payout destination changed on ${formatUtcMoment(setAt)}; payouts to it start ${formatUtcMoment(payableFrom)}.`;
}

/** Why a payout to an account whose owner reported a change they did not make is refused. */
export const PAYOUTS_FROZEN_MESSAGE =
  "Payouts to this account are frozen: its owner said they did not make a change to where their money goes. Check with them, then unfreeze payouts from the payouts screen or the customer's page.";

/**
 * A destination as an e-mail may show it: enough for the owner to recognise, not enough to copy.
 * "seller@paypal.example" → "se•••@paypal.example"; a Stripe account id keeps its last 4.
 */
export function maskDestination(destination: string): string {
  const at = destination.lastIndexOf('@');
  if (at > 0) {
    const local = destination.slice(0, at);
    const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
    return `${shown}•••${destination.slice(at)}`;
  }
  if (destination.length <= 4) return '••••';
  return `•••${destination.slice(-4)}`;
}

/** "2 days ago", "5 hours ago", "just now": how long ago a destination was set. */
export function describeAge(setAt: Date | string, now: Date): string {
  const ms = now.getTime() - new Date(setAt).getTime();
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 1) return 'just now';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
