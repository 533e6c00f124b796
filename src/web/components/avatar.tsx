import { cn } from './ui/cn.ts';

const SIZES = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-20 w-20 text-2xl sm:h-24 sm:w-24 sm:text-3xl',
} as const;
const PIXELS = { sm: 32, md: 40, lg: 96 } as const;

/** Dark backgrounds, each with at least 4.5:1 contrast against white initials. */
const COLORS = [
  'bg-brand-700',
  'bg-emerald-800',
  'bg-sky-800',
  'bg-rose-800',
  'bg-amber-800',
  'bg-violet-800',
  'bg-teal-800',
  'bg-slate-700',
] as const;

/** "sample-artist" → "SA", "maker" → "M": the first letters of the name's first two words. */
export function initialsOf(username: string): string {
  const words = username.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = words.length >= 2 ? [words[0]![0], words[1]![0]] : [words[0]?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/** The same colour for a name on every page. */
function colorOf(username: string): string {
  let hash = 0;
  for (const ch of username.toLowerCase()) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

export type AvatarProps = {
  username: string;
  /** The member's profile image; without one their initials show. */
  imageUrl: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
};

/**
 * A member's picture, or their initials on a colour of their own. Decorative: it always sits beside
 * the name it belongs to, which is what assistive technology reads.
 */
export function Avatar({ username, imageUrl, size = 'md', className }: AvatarProps) {
  const frame = cn('inline-flex shrink-0 items-center justify-center rounded-full', SIZES[size], className);
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        width={PIXELS[size]}
        height={PIXELS[size]}
        loading="lazy"
        decoding="async"
        className={cn(frame, 'bg-gray-100 object-cover')}
      />
    );
  }
  return (
    <span aria-hidden="true" className={cn(frame, colorOf(username), 'font-semibold text-white select-none')}>
      {initialsOf(username)}
    </span>
  );
}
