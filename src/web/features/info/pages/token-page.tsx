import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { TOKEN_DECIMALS } from '#shared/money.ts';
import type { SiteSettings } from '#shared/settings.schemas.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useSiteInfo } from '#web/lib/api/get-site-info.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { TokenPriceCard } from '../components/token-price-card.tsx';
import { formatCompactUsd, formatPercentSetting, marketCapDollars } from '../lib/fees.ts';

/** Spec §9: total supply 1 billion; the launch price is the settings' fallback price ($0.001). */
const TOTAL_SUPPLY = 1_000_000_000n;

const linkClass = 'font-medium text-brand-700 underline';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

function SettingValue({
  settings,
  render,
}: {
  settings: SiteSettings | undefined;
  render: (s: SiteSettings) => ReactNode;
}) {
  return settings ? <>{render(settings)}</> : <Skeleton className="h-6 w-20" />;
}

function KeyFacts({ settings }: { settings: SiteSettings | undefined }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Fact label="Total supply" value="1 billion" />
      <Fact
        label="Launch price"
        value={<SettingValue settings={settings} render={(s) => `$${s.tokenFallbackPriceUsd}`} />}
      />
      <Fact
        label="Market cap at launch"
        value={
          <SettingValue
            settings={settings}
            render={(s) => formatCompactUsd(marketCapDollars(TOTAL_SUPPLY, s.tokenFallbackPriceUsd))}
          />
        }
      />
      <Fact
        label="Discount on purchases"
        value={
          <SettingValue settings={settings} render={(s) => formatPercentSetting(s.artchipDiscountPercent)} />
        }
      />
    </dl>
  );
}

function Overview({ settings }: { settings: SiteSettings | undefined }) {
  return (
    <div className="space-y-6 text-gray-700">
      <p>
        {BRAND.ticker} is the meme coin of the {BRAND.name} marketplace, on Solana. Use it to mint your own{' '}
        {BRAND.plural} and to buy them from creators, straight from your wallet.
      </p>
      <KeyFacts settings={settings} />
      <ul className="list-disc space-y-2 pl-6">
        <li>
          {settings ? formatPercentSetting(settings.artchipDiscountPercent) : 'A'} discount on every purchase
          paid in {BRAND.ticker}
          {settings?.artchipFreeShipping ? ', with free shipping' : ''} (not on mints).
        </li>
        <li>
          Sellers receive the sale price minus the platform fee
          {settings
            ? `, ${formatPercentSetting(settings.platformFeePercent)} of the highest price the chip has sold for`
            : ''}
          .
        </li>
        <li>
          Creators receive {settings ? formatPercentSetting(settings.creatorRoyaltyPercent) : 'a royalty'}
          {settings ? ' of the price' : ''} every time their chip is resold, transferred or handed over, out
          of the platform fee.
        </li>
        <li>Prices on every chip page are shown in USD and in {BRAND.ticker} at the live price.</li>
        <li>
          Ownership needs no blockchain: the physical {BRAND.name} is what you own; the token is only for
          paying.
        </li>
      </ul>
    </div>
  );
}

function HowToBuy({ tokenMint }: { tokenMint: string | null | undefined }) {
  return (
    <ol className="list-decimal space-y-4 pl-6 text-gray-700">
      <li>
        <span className="font-semibold text-gray-900">Get a Solana wallet.</span> Install a wallet app such as
        Phantom or Solflare and keep your recovery phrase safe.
      </li>
      <li>
        <span className="font-semibold text-gray-900">Add SOL.</span> Buy SOL on an exchange or in your wallet
        and send it to your wallet address.
      </li>
      <li>
        <span className="font-semibold text-gray-900">Swap SOL for {BRAND.ticker}.</span> Use a Solana swap
        and check the token address before you confirm:{' '}
        {tokenMint ? (
          <code className="rounded bg-gray-100 px-1.5 py-0.5 break-all text-gray-900">{tokenMint}</code>
        ) : (
          <span>the official address will be published on this page at launch.</span>
        )}
      </li>
      <li>
        <span className="font-semibold text-gray-900">Pay on {BRAND.name}.</span> At checkout choose{' '}
        {BRAND.ticker}; the amount is worked out from the live price.{' '}
        <Link to={ROUTES.marketplace} className={linkClass}>
          Browse the marketplace
        </Link>
        .
      </li>
    </ol>
  );
}

function Tokenomics({ settings }: { settings: SiteSettings | undefined }) {
  return (
    <div className="space-y-6 text-gray-700">
      <KeyFacts settings={settings} />
      <dl className="grid gap-x-8 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-gray-900">Ticker</dt>
        <dd>{BRAND.ticker}</dd>
        <dt className="font-medium text-gray-900">Network</dt>
        <dd>Solana</dd>
        <dt className="font-medium text-gray-900">Total supply</dt>
        <dd>1,000,000,000 tokens</dd>
        <dt className="font-medium text-gray-900">Decimals</dt>
        <dd>{TOKEN_DECIMALS}</dd>
      </dl>
      <p>The distribution of the supply will be published on this page before launch.</p>
    </div>
  );
}

const ROADMAP = [
  {
    phase: 'Phase 1',
    title: 'Marketplace',
    text: `Minting, buying and the vault for ${BRAND.plural}, with NFC verification.`,
  },
  {
    phase: 'Phase 2',
    title: 'Token launch',
    text: `${BRAND.ticker} goes live on Solana; token payments with a discount at checkout.`,
  },
  {
    phase: 'Phase 3',
    title: 'Live auctions',
    text: 'Live shopping events and more tools for creators and affiliates.',
  },
  {
    phase: 'Phase 4',
    title: 'Community',
    text: 'Collector perks for token holders and collaborations with artists.',
  },
];

function Roadmap() {
  return (
    <ol className="space-y-4">
      {ROADMAP.map((step) => (
        <li key={step.phase} className="rounded-lg border border-gray-200 bg-white p-4">
          <p className="text-sm font-semibold text-brand-700">{step.phase}</p>
          <h3 className="text-lg font-semibold text-gray-900">{step.title}</h3>
          <p className="mt-1 text-gray-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Spec §2 token page (/our-meme-coin): tabs Overview, How to Buy, Tokenomics, Roadmap. */
export default function TokenPage() {
  usePageTitle('Our Meme Coin');
  const settings = useSiteSettings().data;
  const tokenMint = useSiteInfo().data?.tokenMint;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <div className="grid gap-8 md:grid-cols-[1fr_20rem] md:items-start">
        <div>
          <h1 className="text-4xl font-bold text-gray-900">{BRAND.ticker}</h1>
          <p className="mt-3 text-lg text-gray-700">
            The meme coin of {BRAND.name}: pay for mints and purchases, and save on purchases when you pay in{' '}
            {BRAND.ticker}.
          </p>
        </div>
        <TokenPriceCard />
      </div>
      <div className="mt-10">
        <Tabs
          label={`About ${BRAND.ticker}`}
          items={[
            { value: 'overview', label: 'Overview', content: <Overview settings={settings} /> },
            { value: 'how-to-buy', label: 'How to Buy', content: <HowToBuy tokenMint={tokenMint} /> },
            { value: 'tokenomics', label: 'Tokenomics', content: <Tokenomics settings={settings} /> },
            { value: 'roadmap', label: 'Roadmap', content: <Roadmap /> },
          ]}
        />
      </div>
    </div>
  );
}
