import {
  BadgeCheck,
  Gem,
  ShieldAlert,
  PackageCheck,
  ShoppingBag,
  Sparkles,
  Tag,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import type { ChipEvent } from '#shared/chips.schemas.ts';
import { formatUsd, isCents } from '#shared/money.ts';
import { formatPriceUsd } from '../lib/chip-format.ts';
import { LongDate } from './long-date.tsx';

type EventStyle = { label: string; icon: LucideIcon };

const EVENT_STYLES: Record<string, EventStyle> = {
  minted: { label: 'Minted', icon: Sparkles },
  listed: { label: 'Listed for sale', icon: Tag },
  priced: { label: 'Price set', icon: Tag },
  unlisted: { label: 'Taken off sale', icon: Tag },
  sold: { label: 'Sold', icon: ShoppingBag },
  transferred: { label: 'Ownership transferred', icon: Gem },
  stored: { label: 'Kept in the vault', icon: PackageCheck },
  shipped: { label: 'Shipped', icon: Truck },
  verified_tap: { label: 'Verified NFC tap', icon: BadgeCheck },
  handed_over: { label: 'Handed over, claimed by tap', icon: Gem },
  reported: { label: 'Lost or stolen report', icon: ShieldAlert },
  vault_requested: { label: 'On its way back to the vault', icon: Truck },
  vault_received: { label: 'Arrived at the vault, being checked', icon: PackageCheck },
  vault_checked_in: { label: 'Checked into the vault by tap', icon: PackageCheck },
  vault_refused: { label: 'Refused at the vault, sent back', icon: ShieldAlert },
  vault_cancelled: { label: 'Trip to the vault cancelled', icon: Truck },
};

/** A report's label says what it was: reported lost, reported stolen, or found again. */
function labelOf(event: ChipEvent, style: EventStyle): string {
  if (event.type !== 'reported') return style.label;
  const status = event.data.status;
  return status === 'lost' || status === 'stolen' ? `Reported ${status}` : 'Report cleared';
}

/** "verified_tap" → "Verified tap" for event types this list does not know yet. */
function humanize(type: string): string {
  const text = type.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Event';
}

/** The price an event carries, whichever form the server used (cents or a USD string). */
function eventPrice(data: Record<string, unknown>): string | null {
  if (isCents(data.priceCents)) return formatUsd(data.priceCents);
  if (typeof data.priceUsd === 'string') return formatPriceUsd(data.priceUsd);
  return null;
}

/** "@alice" for a public name, "a collector" for someone without one. */
function personOf(name: unknown): string {
  return typeof name === 'string' && name ? `@${name}` : 'a collector';
}

/** A sale says who sold and who bought, "Sold for $28.00 · @alice → @bob" (issue 27). */
function isSaleWithPeople(event: ChipEvent): boolean {
  return event.type === 'sold' && ('sellerUsername' in event.data || 'buyerUsername' in event.data);
}

/** A chip's provenance: mint, listings, sales, shipments and verified taps, newest first. */
export function ProvenanceList({ events }: { events: ChipEvent[] }) {
  if (events.length === 0) {
    return <p className="text-sm text-gray-700">No history recorded yet.</p>;
  }
  const sorted = [...events].sort((a, b) => {
    const diff = Date.parse(b.createdAt) - Date.parse(a.createdAt);
    return Number.isNaN(diff) || diff === 0 ? b.id - a.id : diff;
  });
  return (
    <ol className="space-y-4 border-l-2 border-gray-200 pl-6">
      {sorted.map((event) => {
        const style = EVENT_STYLES[event.type] ?? { label: humanize(event.type), icon: Sparkles };
        const Icon = style.icon;
        const price = eventPrice(event.data);
        return (
          <li key={event.id} className="relative">
            <span className="absolute top-0.5 -left-[2.1rem] flex h-6 w-6 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            </span>
            {isSaleWithPeople(event) ? (
              <>
                <p className="text-sm font-semibold text-gray-900">
                  {price ? `Sold for ${price}` : 'Sold'}
                  <span className="font-normal text-gray-800">
                    {' '}
                    · {personOf(event.data.sellerUsername)} <span aria-hidden="true">→</span>
                    <span className="sr-only">to</span> {personOf(event.data.buyerUsername)}
                  </span>
                </p>
                <p className="text-sm text-gray-700">
                  <LongDate iso={event.createdAt} />
                </p>
              </>
            ) : (
              <>
                <p className="text-sm font-semibold text-gray-900">
                  {labelOf(event, style)}
                  {price && <span className="font-normal text-gray-800"> · {price}</span>}
                </p>
                <p className="text-sm text-gray-700">
                  <LongDate iso={event.createdAt} />
                  {event.actorUsername && <> · by @{event.actorUsername}</>}
                </p>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
