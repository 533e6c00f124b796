import { BadgeCheck, Nfc } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { ScanWithPhone } from './scan-with-phone.tsx';
import { TapHistoryLine } from './tap-history.tsx';

/**
 * The chip's proofs of being genuine, kept quiet: its unit number (printed on it, and the key of
 * the /uid page) and whether its NFC tag is linked, so a tap with a phone can verify it.
 */
export function AuthenticityPanel({ chip }: { chip: Pick<Chip, 'id' | 'unitId' | 'nfcUid'> }) {
  return (
    <section aria-labelledby="authenticity-heading" className="rounded-lg bg-gray-50 p-4 text-sm">
      <h2 id="authenticity-heading" className="flex items-center gap-1.5 text-sm font-semibold text-gray-900">
        <BadgeCheck className="h-4 w-4" aria-hidden="true" />
        Authenticity
      </h2>
      <ul className="mt-2 space-y-1.5 text-gray-700">
        <li>
          {chip.unitId ? (
            <>
              <span className="font-mono">Unit #{chip.unitId}</span>
              <span className="block text-xs">The number on this {BRAND.name}; anyone can look it up.</span>
            </>
          ) : (
            <>No unit number yet.</>
          )}
        </li>
        <li className="flex items-start gap-1.5">
          <Nfc className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {chip.nfcUid
            ? 'NFC tag linked: tap the chip with a phone to check it is genuine.'
            : 'NFC tag not linked yet.'}
        </li>
        {chip.nfcUid && (
          <>
            <li>
              <TapHistoryLine chipId={chip.id} />
            </li>
            <li>
              <ScanWithPhone chipId={chip.id} />
            </li>
          </>
        )}
      </ul>
    </section>
  );
}
