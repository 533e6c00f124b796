import { Link } from '#web/lib/router.tsx';
import { Gem, Magnet, Nfc, PackageCheck, QrCode, ShieldCheck, Wallet, type LucideIcon } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { LiveAuctionLink, MarketplaceStatsPanel } from '#web/features/chips/index.ts';
import { MintButton } from '#web/features/mint/index.ts';
import { EmailSignupBlock } from '#web/features/subscriptions/index.ts';
import { FeaturedDemoChips } from '../components/featured-demo-chips.tsx';
import { HeroChips } from '../components/hero-chips.tsx';
import { LaunchBanner, useShowLaunchBanner } from '../components/launch-banner.tsx';

const FEATURES: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Sealed in resin',
    text: `Each ${BRAND.name} is a ${BRAND.chipSizeMm} mm disc, round or square, with your art sealed in clear resin.`,
    icon: Gem,
  },
  {
    title: 'NFC authenticity',
    text: 'An NFC tag inside lets anyone check that the chip is genuine with a tap of a phone.',
    icon: Nfc,
  },
  {
    title: 'QR to its page',
    text: `A QR link opens the chip's own marketplace page, with its full history.`,
    icon: QrCode,
  },
  {
    title: 'Magnetic backing',
    text: 'Stick it to a fridge, a frame or a display board and swap it any time.',
    icon: Magnet,
  },
  {
    title: 'Ship it or vault it',
    text: 'Have it shipped to you, or keep it in our vault in your name. Storage is free.',
    icon: PackageCheck,
  },
  {
    title: 'Pay your way',
    text: `Pay by card, PayPal or the ${BRAND.ticker} token. Prices show in USD and tokens.`,
    icon: Wallet,
  },
];

const STEPS = [
  { title: 'Mint', text: `Upload your image, give it a title and mint your ${BRAND.name}.` },
  {
    title: 'Get it made',
    text: `We print it, seal it in resin and program its NFC tag: a real ${BRAND.chipSizeMm} mm collectible.`,
  },
  {
    title: 'List and collect',
    text: 'Set a price and list it in the marketplace, or collect chips from other creators.',
  },
];

/** The public landing page (`/` for visitors, and `/landing`). */
export default function LandingPage() {
  usePageTitle();
  const isPreLaunch = useShowLaunchBanner();
  return (
    <div>
      <LaunchBanner />

      {/* Art first (issue 13): real chips beside the pitch, in the first screen on a phone too. */}
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 py-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-10 lg:py-10">
          <div className="text-center lg:self-end lg:text-left">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{BRAND.tagline}</p>
            <h1 className="mt-2 text-3xl font-extrabold text-gray-900 sm:text-5xl">
              Turn your art into an {BRAND.name} people can hold
            </h1>
            <p className="mt-4 hidden text-lg text-gray-700 sm:block">
              Mint a physical collectible from your image, sell it in the marketplace, and let its NFC tag
              prove it is the real thing. Possession is ownership.
            </p>
            <div className="mt-4 flex flex-wrap justify-center gap-3 sm:mt-6 lg:justify-start">
              <MintButton size="md" className="sm:h-12 sm:px-6 sm:text-base" />
              <Button asChild variant="secondary" className="sm:h-12 sm:px-6 sm:text-base">
                <Link to={ROUTES.marketplace}>Explore the Marketplace</Link>
              </Button>
            </div>
          </div>
          <section
            aria-labelledby="hero-chips-heading"
            className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
          >
            <h2 id="hero-chips-heading" className="sr-only">
              Newest {BRAND.plural}
            </h2>
            <HeroChips />
          </section>
          {/* Under the pitch on wide screens, under the chips on phones: figures never push art down. */}
          <section aria-labelledby="stats-heading" className="lg:col-start-1 lg:row-start-2 lg:self-start">
            <h2 id="stats-heading" className="sr-only">
              {BRAND.name} in numbers
            </h2>
            <MarketplaceStatsPanel
              keys={['chipsMinted', 'activeCreators', 'totalSales', 'collectors']}
              variant="line"
              className="justify-center lg:justify-start"
            />
          </section>
        </div>
      </section>

      <div id="email-list" className="mx-auto max-w-7xl scroll-mt-32 px-4 py-6">
        <EmailSignupBlock
          description={
            isPreLaunch
              ? `${BRAND.name} is still under construction. Join the email list to hear when we launch, and about new drops and live auctions.`
              : 'Join the email list to hear about new drops and live auctions.'
          }
        />
      </div>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="features-heading" className="text-center text-3xl font-bold text-gray-900">
          Why {BRAND.plural}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <Icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-gray-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="bg-gray-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="steps-heading" className="text-center text-3xl font-bold text-gray-900">
            How it works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
                <span
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-xl font-semibold text-gray-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-gray-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="featured-heading" className="text-center text-3xl font-bold text-gray-900">
          Featured {BRAND.plural}
        </h2>
        <p className="mx-auto mt-3 mb-10 max-w-2xl text-center text-gray-700">
          A look at chips from our demo catalogue. Open one to see its page, or visit its creator&apos;s
          gallery.
        </p>
        <FeaturedDemoChips />
      </section>

      <section aria-labelledby="creators-heading" className="bg-gray-900">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-2">
          <div>
            <h2 id="creators-heading" className="text-3xl font-bold text-white">
              For creators and influencers
            </h2>
            <p className="mt-4 text-gray-200">
              Give your audience something real: a piece of your work they can hold, display and resell. Every
              sale of your {BRAND.name} is recorded on its page, and you set the price.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to={ROUTES.signup}>Create Your Account</Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to={ROUTES.faq}>Read the FAQ</Link>
              </Button>
            </div>
          </div>
          <div>
            <h2 id="artists-heading" className="text-3xl font-bold text-white">
              For artists
            </h2>
            <p className="mt-4 text-gray-200">
              Mint with your own image, or let us surprise you: our studio creates the artwork for a surprize
              mint. Either way, your chip is made, sealed and ready to list.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <MintButton label="Mint Your Artwork" />
              <MintButton label="Try a Surprize Mint" variant="secondary" isSurprize />
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="ownership-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="grid items-center gap-10 rounded-2xl border border-gray-200 bg-white p-8 shadow-sm lg:grid-cols-[auto_1fr]">
          <ShieldCheck className="h-16 w-16 text-brand-700" aria-hidden="true" />
          <div>
            <h2 id="ownership-heading" className="text-3xl font-bold text-gray-900">
              No Blockchain for Ownership
            </h2>
            <p className="mt-3 text-gray-700">
              Whoever holds the chip owns it. There is no token to lose and no wallet to set up: the NFC tag
              inside proves the chip is genuine, and the marketplace keeps its history of mints, sales and
              shipments.
            </p>
            <Button asChild className="mt-6">
              <Link to={ROUTES.marketplace}>Browse the Marketplace</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="live-heading" className="bg-brand-50">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-16 text-center">
          <h2 id="live-heading" className="text-3xl font-bold text-gray-900">
            Live Auctions
          </h2>
          <p className="max-w-2xl text-gray-700">
            Watch {BRAND.plural} being made and bid on them live. Auctions run on our live-shopping partner
            and open in a new tab.
          </p>
          <LiveAuctionLink />
        </div>
      </section>
    </div>
  );
}
