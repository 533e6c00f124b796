import { Link } from '#web/lib/router.tsx';
import { CircleHelp, House, Mail, Store } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

const LINKS = [
  {
    to: ROUTES.marketplace,
    label: 'Explore the Marketplace',
    text: `Discover ${BRAND.plural} from creators.`,
    Icon: Store,
  },
  { to: ROUTES.home, label: 'Go to Home', text: `Mint your first ${BRAND.name}.`, Icon: House },
  {
    to: ROUTES.faq,
    label: 'Read the FAQ',
    text: 'How minting, shipping and the vault work.',
    Icon: CircleHelp,
  },
  { to: ROUTES.contact, label: 'Contact Us', text: "Questions? We're here to help.", Icon: Mail },
];

/** The welcome page after sign-up (spec §2). */
export default function WelcomePage() {
  usePageTitle('Welcome');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 text-center">
      <h1 className="text-3xl font-bold text-gray-900">Welcome to {BRAND.name}!</h1>
      <p className="mt-3 text-gray-700">
        Your account is ready. Mint physical art, collect it, and keep it safe in our vault.
      </p>
      <ul className="mt-10 grid gap-4 text-left sm:grid-cols-2">
        {LINKS.map(({ to, label, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            >
              <Icon className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-gray-900">{label}</span>
                <span className="mt-1 block text-sm text-gray-700">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
