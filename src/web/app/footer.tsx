import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { LEGAL_PAGE_TITLES } from '#shared/legal-pages.ts';
import { REFUND_RULE_SHORT } from '#shared/refund-rule.ts';

const SOCIAL = [
  { href: 'https://x.com/artchip', label: 'X' },
  { href: 'https://www.instagram.com/artchip', label: 'Instagram' },
  { href: 'https://www.tiktok.com/@artchip', label: 'TikTok' },
  { href: 'https://www.youtube.com/@artchip', label: 'YouTube' },
];

export default function Footer() {
  return (
    <footer className="border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-bold text-gray-900">{BRAND.name}</p>
          <p className="mt-2 text-sm text-gray-700">
            {BRAND.chipSizeMm} mm discs of art sealed in resin, with an NFC tag that proves they are genuine.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-col gap-2 text-sm">
          <Link className="text-gray-700 hover:text-gray-900" to={ROUTES.marketplace}>
            Marketplace
          </Link>
          <Link className="text-gray-700 hover:text-gray-900" to={ROUTES.faq}>
            FAQ
          </Link>
          <Link className="text-gray-700 hover:text-gray-900" to={ROUTES.contact}>
            Contact
          </Link>
          <Link className="text-gray-700 hover:text-gray-900" to={ROUTES.token}>
            {BRAND.ticker} token
          </Link>
          <Link className="text-gray-700 hover:text-gray-900" to={ROUTES.privacy}>
            {LEGAL_PAGE_TITLES.privacy}
          </Link>
          <Link className="text-gray-700 hover:text-gray-900" to={ROUTES.terms}>
            {LEGAL_PAGE_TITLES.terms}
          </Link>
        </nav>
        <div>
          <p className="text-sm font-semibold text-gray-900">Follow us</p>
          <ul className="mt-2 flex flex-wrap gap-3 text-sm">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a
                  className="text-gray-700 underline hover:text-gray-900"
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-gray-600">
            © {new Date().getFullYear()} {BRAND.name}. {REFUND_RULE_SHORT}{' '}
            <Link to={ROUTES.faq} className="underline">
              Refunds
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
