import { ExternalLink } from 'lucide-react';
import type { Chip } from '#shared/chips.schemas.ts';
import { safeExternalUrl } from '../lib/chip-format.ts';

const SOCIAL_FIELDS = [
  { key: 'tiktokUrl', label: 'TikTok' },
  { key: 'youtubeUrl', label: 'YouTube' },
  { key: 'instagramUrl', label: 'Instagram' },
  { key: 'xUrl', label: 'X' },
] as const;

/** An external link opened in a new tab without giving the page access to ours. */
function ExternalAnchor({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {children}
      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The chip's associated link, if it is a safe http(s) URL. */
export function AssociatedLink({ chip }: { chip: Pick<Chip, 'associatedUrl'> }) {
  const href = safeExternalUrl(chip.associatedUrl);
  if (!href) return null;
  return (
    <p className="text-sm text-gray-800">
      <span className="font-semibold">Associated link: </span>
      <ExternalAnchor href={href}>{new URL(href).host}</ExternalAnchor>
    </p>
  );
}

/** The admin's video of the chip (admin media form), as a plain link: nothing plays by itself. */
export function VideoLink({ chip }: { chip: Pick<Chip, 'adminVideoUrl'> }) {
  const href = safeExternalUrl(chip.adminVideoUrl);
  if (!href) return null;
  return (
    <p className="text-sm text-gray-800">
      <ExternalAnchor href={href}>Watch the video</ExternalAnchor>
    </p>
  );
}

/** TikTok, YouTube, Instagram and X links of a chip; nothing when it has none. */
export function SocialLinks({ chip }: { chip: Pick<Chip, (typeof SOCIAL_FIELDS)[number]['key']> }) {
  const links = SOCIAL_FIELDS.flatMap(({ key, label }) => {
    const href = safeExternalUrl(chip[key]);
    return href ? [{ href, label }] : [];
  });
  if (links.length === 0) return null;
  return (
    <nav aria-label="Social links">
      <ul className="flex flex-wrap gap-4 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            <ExternalAnchor href={link.href}>{link.label}</ExternalAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
