/**
 * Carrier tracking links. The admin types the carrier as free text ("UPS", "Canada Post", "fedex"),
 * so it is matched by its letters alone; an unknown carrier gets no link and the plain number.
 */

type Carrier = { name: string; aliases: readonly string[]; url: (number: string) => string };

const CARRIERS: readonly Carrier[] = [
  {
    name: 'USPS',
    aliases: ['usps', 'unitedstatespostalservice', 'uspostalservice'],
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  {
    name: 'UPS',
    aliases: ['ups', 'unitedparcelservice'],
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
  {
    name: 'FedEx',
    aliases: ['fedex', 'federalexpress'],
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
  {
    name: 'DHL',
    aliases: ['dhl', 'dhlexpress'],
    url: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  },
  {
    name: 'Canada Post',
    aliases: ['canadapost', 'postescanada', 'canadapostpostescanada'],
    url: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  },
  {
    name: 'Royal Mail',
    aliases: ['royalmail'],
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  {
    name: 'Parcelforce',
    aliases: ['parcelforce', 'parcelforceworldwide'],
    url: (n) => `https://www.parcelforce.com/track-trace?trackNumber=${n}`,
  },
  {
    name: 'Australia Post',
    aliases: ['australiapost', 'auspost'],
    url: (n) => `https://auspost.com.au/mypost/track/details/${n}`,
  },
  {
    name: 'La Poste',
    aliases: ['laposte', 'colissimo'],
    url: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}`,
  },
  {
    name: 'Deutsche Post',
    aliases: ['deutschepost', 'dhlpaket', 'dhlparcel'],
    url: (n) => `https://www.dhl.de/en/privatkunden/pakete-empfangen/verfolgen.html?piececode=${n}`,
  },
];

function findCarrier(carrier: string): Carrier | undefined {
  const key = carrier.toLowerCase().replace(/[^a-z]/g, '');
  return CARRIERS.find((c) => c.aliases.includes(key));
}

/** The carrier's page for this tracking number, or null for a carrier we do not know (or no number). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const number = trackingNumber.trim();
  const found = findCarrier(carrier);
  if (!found || !number) return null;
  return found.url(encodeURIComponent(number));
}

/** The carrier's usual spelling ("fedex" → "FedEx"); an unknown carrier as the admin typed it. */
export function carrierName(carrier: string): string {
  return findCarrier(carrier)?.name ?? carrier.trim();
}
