import { Link } from '#web/lib/router.tsx';
import { LayoutDashboard, Package, Store, type LucideIcon } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { MintButton } from '#web/features/mint/index.ts';
import { MyNewestChips } from '../components/my-newest-chips.tsx';

const SHORTCUTS: { to: string; label: string; description: string; icon: LucideIcon }[] = [
  {
    to: ROUTES.dashboard,
    label: `My ${BRAND.plural}`,
    description: 'Your collection, pricing and profile',
    icon: LayoutDashboard,
  },
  { to: ROUTES.myOrders, label: 'My Orders', description: 'Mints, purchases and shipping', icon: Package },
  {
    to: ROUTES.marketplace,
    label: 'Marketplace',
    description: `Find ${BRAND.plural} to collect`,
    icon: Store,
  },
];

/** `/` for a signed-in user: greeting, their newest chips and shortcuts. */
export default function SignedInHomePage() {
  const { user } = useAuth();
  usePageTitle('Home');
  const name = user?.firstName?.trim() || user?.username || 'there';

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">Welcome back, {name}!</h1>
          <p className="mt-2 text-gray-700">Here is what is new with your {BRAND.plural}.</p>
        </div>
        <MintButton />
      </div>

      <nav aria-label="Shortcuts" className="mt-10">
        <ul className="grid gap-4 sm:grid-cols-3">
          {SHORTCUTS.map(({ to, label, description, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full items-start gap-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm hover:border-brand-600 hover:shadow-md"
              >
                <Icon className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
                <span>
                  <span className="block font-semibold text-gray-900">{label}</span>
                  <span className="block text-sm text-gray-700">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="newest-heading" className="mt-12">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="newest-heading" className="text-2xl font-bold text-gray-900">
            Your newest {BRAND.plural}
          </h2>
          <Link
            to={ROUTES.dashboard}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            See all in My {BRAND.plural}
          </Link>
        </div>
        <MyNewestChips />
      </section>
    </div>
  );
}
