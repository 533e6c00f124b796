import { describe, expect, it } from 'vitest';
import { carrierName, trackingUrl } from './tracking.ts';

describe('trackingUrl', () => {
  it.each([
    [
      'USPS',
      '9400111899223344556677',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677',
    ],
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['fedex', '449044304137821', 'https://www.fedex.com/fedextrack/?trknbr=449044304137821'],
    ['Fed-Ex', '449044304137821', 'https://www.fedex.com/fedextrack/?trknbr=449044304137821'],
    [
      'DHL Express',
      '1234567890',
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    ],
    [
      'Canada Post',
      '1234567890123456',
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456',
    ],
    [
      'Royal Mail',
      'AB123456789GB',
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    ],
    ['Australia Post', '33ABC1234567', 'https://auspost.com.au/mypost/track/details/33ABC1234567'],
    ['Colissimo', '6A12345678901', 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901'],
  ])('links %s to its tracking page', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('encodes what the admin typed into the number', () => {
    expect(trackingUrl('UPS', ' 1Z 999&x=1 ')).toBe('https://www.ups.com/track?tracknum=1Z%20999%26x%3D1');
  });

  it('gives no link for an unknown carrier or an empty number', () => {
    expect(trackingUrl('Bob’s Couriers', '123')).toBeNull();
    expect(trackingUrl('UPS', '  ')).toBeNull();
  });
});

describe('carrierName', () => {
  it('spells a known carrier its usual way and keeps an unknown one as typed', () => {
    expect(carrierName('fedex')).toBe('FedEx');
    expect(carrierName('canada post')).toBe('Canada Post');
    expect(carrierName(' Bob’s Couriers ')).toBe('Bob’s Couriers');
  });
});
