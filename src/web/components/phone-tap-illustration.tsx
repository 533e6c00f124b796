import { BRAND } from '#shared/brand.ts';
import { cn } from './ui/cn.ts';

/**
 * A phone held to a chip, its NFC waves between them: what "tap" means, drawn inline (no request, no
 * layout shift). Named for screen readers through role="img" and aria-label.
 */
export function PhoneTapIllustration({ className }: { className?: string }) {
  return (
    <svg
      role="img"
      aria-label={`A phone held flat against an ${BRAND.name}: the phone reads the chip's tag, no app needed`}
      viewBox="0 0 200 120"
      width={200}
      height={120}
      className={cn('h-auto w-full max-w-[200px]', className)}
    >
      {/* The chip: a round disc of art, sealed in resin. */}
      <circle cx="62" cy="78" r="30" fill="#e0e7ff" stroke="#4338ca" strokeWidth="3" />
      <circle cx="62" cy="78" r="19" fill="#fde68a" />
      <path d="M50 86 L60 70 L68 82 L74 76 L80 86 Z" fill="#16a34a" />
      {/* NFC waves between chip and phone. */}
      <path d="M92 66 q8 -8 0 -16" fill="none" stroke="#4338ca" strokeWidth="3" strokeLinecap="round" />
      <path d="M100 72 q14 -14 0 -28" fill="none" stroke="#4338ca" strokeWidth="3" strokeLinecap="round" />
      {/* The phone, tilted towards the chip. */}
      <g transform="rotate(18 150 56)">
        <rect x="122" y="8" width="54" height="96" rx="9" fill="#111827" />
        <rect x="127" y="18" width="44" height="74" rx="3" fill="#f9fafb" />
        <circle cx="149" cy="98" r="3" fill="#6b7280" />
        <path d="M139 56 l7 7 l13 -15" fill="none" stroke="#16a34a" strokeWidth="4" strokeLinecap="round" />
      </g>
    </svg>
  );
}
