import type { ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { SiteSettings } from '#shared/settings.schemas.ts';
import { formatBasisPoints, formatUsd, parsePercentToBasisPoints } from '#shared/money.ts';
import {
  AFFILIATE_LEVEL_1_BASIS_POINTS,
  AFFILIATE_LEVEL_2_BASIS_POINTS,
  creatorRoyaltyCents,
  splitSale,
  transferFee,
} from '#shared/pricing.ts';
import { REFUND_RULE } from '#shared/refund-rule.ts';
import { buyerProtectionRule } from '#shared/cases.schemas.ts';
import {
  formatPercentSetting,
  formatUsdSetting,
  paymentMethodList,
  paypalTotalPercent,
} from '../lib/fees.ts';

export const FAQ_CATEGORIES = [
  'General',
  'Minting',
  'Buying & Payments',
  'Shipping & Vault',
  'Creators & Fees',
  'NFC & Authenticity',
  `${BRAND.ticker} Token`,
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** An answer either stands alone or is rendered from the site settings (so every fee matches checkout). */
export type FaqEntry = {
  category: FaqCategory;
  question: string;
  answer: ReactNode | ((settings: SiteSettings) => ReactNode);
};

const linkClass = 'font-medium text-brand-700 underline';

/** The worked example of the fee rule: a chip sold before at $50 resells at $45. */
const EXAMPLE_SALE = { highestSaleCents: 5000, salePriceCents: 4500 };

/** The fee settings an answer reads. */
type FeeSettings = Pick<SiteSettings, 'platformFeePercent' | 'feeBase'>;

/** PRODUCT.md's fee rule in words, under the site's feeBase, with a worked example computed by the same splitSale as checkout. */
function SaleProceedsAnswer({ platformFeePercent, feeBase }: FeeSettings) {
  const platformFeeBasisPoints = parsePercentToBasisPoints(platformFeePercent);
  const percent = formatBasisPoints(platformFeeBasisPoints);
  const example = { ...EXAMPLE_SALE, platformFeeBasisPoints, feeBase };
  const split = splitSale(example);
  const rule =
    feeBase === 'sale' ? (
      <>The fee is {percent} of this sale&apos;s price, whatever the chip sold for before.</>
    ) : (
      <>
        The fee is {percent} of the highest price the chip has actually sold for on {BRAND.name}, this sale
        included, and never more than the sale itself; a listed or asked price never counts. A first sale, or
        one above every earlier sale, pays {percent} of its own price.
      </>
    );
  return (
    <>
      The seller receives the sale price minus the platform fee. {rule} A chip that sold for{' '}
      {formatUsd(EXAMPLE_SALE.highestSaleCents)} and resells for {formatUsd(EXAMPLE_SALE.salePriceCents)} pays{' '}
      {percent} of {formatUsd(split.feeBaseCents)}, {formatUsd(split.platformFeeCents)}, so its seller
      receives {formatUsd(split.sellerProceedsCents)}. Every dialog where you set or accept a price shows the
      fee and what you will receive before you confirm.
    </>
  );
}

/** The offline transfer fee (PRODUCT.md), with the example chip of the sale answer, computed by transferFee. */
function TransferAnswer({ platformFeePercent, feeBase }: FeeSettings) {
  const platformFeeBasisPoints = parsePercentToBasisPoints(platformFeePercent);
  const percent = formatBasisPoints(platformFeeBasisPoints);
  const fee = transferFee({
    highestSaleCents: EXAMPLE_SALE.highestSaleCents,
    listPriceCents: null,
    mintPriceCents: 0,
    platformFeeBasisPoints,
    feeBase,
  });
  const rule =
    feeBase === 'sale' ? (
      <>
        {percent} of its list price while it is listed, otherwise of the highest price it has sold for on{' '}
        {BRAND.name}, or of its mint price if it never sold.
      </>
    ) : (
      <>
        {percent} of the highest price the chip has sold for on {BRAND.name}; a chip that never sold pays{' '}
        {percent} of its list price, or of its mint price if it is not listed.
      </>
    );
  return (
    <>
      Yes. Choose Transfer on the chip in your dashboard and name the new owner by username, or by e-mail
      (someone without an account gets an invitation). Transfers carry the same fee as sales: {rule} For a
      chip that sold for {formatUsd(EXAMPLE_SALE.highestSaleCents)} the fee is {formatUsd(fee.feeCents)}. Once
      it is paid the chip is theirs: a chip in our vault stays there in their name, and its history records
      the transfer.
    </>
  );
}

/** The creator's royalty (decision 081), with the example resale of the sale answer. */
function RoyaltyAnswer({
  platformFeePercent,
  creatorRoyaltyPercent,
  feeBase,
}: FeeSettings & Pick<SiteSettings, 'creatorRoyaltyPercent'>) {
  const platformFeeBasisPoints = parsePercentToBasisPoints(platformFeePercent);
  const creatorRoyaltyBasisPoints = parsePercentToBasisPoints(creatorRoyaltyPercent);
  const split = splitSale({ ...EXAMPLE_SALE, platformFeeBasisPoints, feeBase });
  const royalty = creatorRoyaltyCents({
    baseCents: EXAMPLE_SALE.salePriceCents,
    platformFeeCents: split.platformFeeCents,
    creatorRoyaltyBasisPoints,
    leavesCreator: false,
  });
  return (
    <>
      Yes. Every time one of your chips changes hands after its first sale (a resale on {BRAND.name}, an
      offline transfer or a hand-over by tap), you receive {formatBasisPoints(creatorRoyaltyBasisPoints)} of
      the sale price (of the fee&apos;s base for a transfer or hand-over). It comes out of the platform fee,
      never out of the seller&apos;s share: on the resale above at {formatUsd(EXAMPLE_SALE.salePriceCents)},{' '}
      {formatUsd(royalty)} of the {formatUsd(split.platformFeeCents)} fee is yours and the seller still
      receives {formatUsd(split.sellerProceedsCents)}. Every change of owner passes through us, so the royalty
      cannot be skipped. Royalties join your balance and are paid out with your sale proceeds, after the same
      holds.
    </>
  );
}

export const FAQ_ENTRIES: FaqEntry[] = [
  {
    category: 'General',
    question: `What is an ${BRAND.name}?`,
    answer: `An ${BRAND.name} is a ${BRAND.chipSizeMm} mm round or square disc of art sealed in resin. Each one carries an NFC chip that proves it is genuine, a QR code linking to its marketplace page and a magnetic back.`,
  },
  {
    category: 'General',
    question: 'How do I protect my account with two-factor sign-in?',
    answer: (
      <>
        In your dashboard&apos;s Profile tab, under Two-factor sign-in, choose &ldquo;Set up an authenticator
        app&rdquo;, scan the QR code with an app such as Google Authenticator, Microsoft Authenticator,
        1Password or Authy (or type the key), and enter the 6-digit code it shows. From then on, signing in
        asks for your password and then a code from the app. You also get ten recovery codes, shown once: keep
        them somewhere safe; each one signs you in once if you lose your phone. A code is accepted only once,
        and after several wrong codes signing in waits a while. To turn it off you need your password. Admins
        must use two-factor sign-in.
      </>
    ),
  },
  {
    category: 'General',
    question: 'Can I sign in with a passkey?',
    answer: (
      <>
        Yes. In your dashboard&apos;s Profile tab, under Passkeys, choose &ldquo;Add a passkey&rdquo;: your
        phone, computer or security key asks for your fingerprint, face or PIN and keeps a passkey for this
        site. Then &ldquo;Sign in with a passkey&rdquo; on the log-in page signs you in with no e-mail,
        password or code: a passkey works only on this site, so it cannot be phished, and it needs both your
        device and you. With a passkey, a log-in with your password asks for it (or a code from your
        authenticator app) as a second step. Removing a passkey needs your password or a code from your
        authenticator app.
      </>
    ),
  },
  {
    category: 'General',
    question: 'Do I need a blockchain or a crypto wallet to own one?',
    answer: (
      <>
        No. Possession is ownership: the physical chip is what you own, and no blockchain is used as proof of
        ownership. We record every mint, sale, transfer, shipment and verification as the chip's history on
        its page. You only need a wallet if you choose to pay with the {BRAND.ticker} token.
      </>
    ),
  },
  {
    category: 'Minting',
    question: `How much does it cost to mint an ${BRAND.name}?`,
    answer: (s) => (
      <>
        A custom mint with your own image costs {formatUsdSetting(s.customMintingCost)}. A surprize mint,
        where our team creates the artwork for you, costs {formatUsdSetting(s.surprizeMintingCost)}. Mints are
        paid with {paymentMethodList(s.paymentMethods.mint)}, plus shipping if you have the chip shipped to
        you. The token discount applies to purchases only, not to mints.
      </>
    ),
  },
  {
    category: 'Minting',
    question: 'What happens after I mint?',
    answer: `We manufacture your ${BRAND.name} and add it to your dashboard as pending. Once it is made, activate it with a price to list it in the marketplace, or keep it for yourself.`,
  },
  {
    category: 'Buying & Payments',
    question: 'How can I pay?',
    answer: (s) => (
      <>
        Purchases can be paid with {paymentMethodList(s.paymentMethods.purchase)}. Prices are shown in USD and
        in {BRAND.ticker}; the token amount is the USD total divided by the live token price.
      </>
    ),
  },
  {
    category: 'Buying & Payments',
    question: `Is there a discount for paying with ${BRAND.ticker}?`,
    answer: (s) => (
      <>
        Yes: purchases paid in {BRAND.ticker} get {formatPercentSetting(s.artchipDiscountPercent)} off
        {s.artchipFreeShipping ? ', and shipping is free' : ''}. The discount does not apply to mints.
      </>
    ),
  },
  {
    category: 'Buying & Payments',
    question: 'Why does paying directly with PayPal cost more?',
    answer: (s) => (
      <>
        Direct PayPal payments cost {paypalTotalPercent(s.paypalMarkupPercent)} of the USD price (a{' '}
        {formatPercentSetting(s.paypalMarkupPercent)} markup) to cover PayPal's fees. It is shown before you
        pay.
      </>
    ),
  },
  {
    category: 'Buying & Payments',
    question: 'Can I get a refund?',
    answer: REFUND_RULE,
  },
  {
    category: 'Buying & Payments',
    question: 'What if my chip arrives damaged, is not as described, or never arrives?',
    answer: (s) => (
      <>
        {buyerProtectionRule(s)} Report it from{' '}
        <Link to={ROUTES.myOrders} className={linkClass}>
          My Orders
        </Link>{' '}
        with “Report a problem”.
      </>
    ),
  },
  {
    category: 'Shipping & Vault',
    question: 'How much is shipping?',
    answer: (s) => (
      <>
        Shipping within the US costs {formatUsdSetting(s.domesticShippingRate)} and takes 5-7 business days.
        Shipping to Canada, the United Kingdom, Australia and other countries costs{' '}
        {formatUsdSetting(s.internationalShippingRate)}.
        {s.artchipFreeShipping ? ` Shipping is free when you pay with ${BRAND.ticker}.` : ''} Keeping your
        chip in our vault costs nothing.
      </>
    ),
  },
  {
    category: 'Shipping & Vault',
    question: 'What is the vault?',
    answer: `Instead of shipping, you can keep a chip in our vault, in your name. Vault storage is free. A vaulted chip can be listed again for sale at any time, or shipped to you when you ask.`,
  },
  {
    category: 'Creators & Fees',
    question: 'How is my payout destination protected, and when are resale proceeds paid?',
    answer: (s) => (
      <>
        Changing how you are paid, its PayPal e-mail or your profile’s PayPal e-mail, or opening Stripe’s
        onboarding (where you enter the bank account you are paid to), needs your current password, or a code
        from your authenticator app if you use two-factor sign-in. We e-mail your account’s address about it
        with a “This wasn’t me” link: pressing it freezes your payouts and signs out every session until we
        have checked with you. A new or changed destination receives payouts only{' '}
        {s.payoutDestinationHoldHours} hours after it was set. If you resell a chip you bought less than{' '}
        {s.flipHoldDays} days ago, that sale’s proceeds are paid once your purchase is {s.flipHoldDays} days
        old (and not disputed), and after the usual {s.payoutHoldDays}-day payout hold.
      </>
    ),
  },
  {
    category: 'Creators & Fees',
    question: 'What happens when a buyer disputes a payment (a chargeback)?',
    answer: (s) => (
      <>
        While the dispute with the buyer’s card issuer or PayPal is open, the chip of that order is frozen: it
        cannot be resold, sold through an offer, transferred, handed over or shipped, and its page tells its
        owner it is under review. The seller’s proceeds of that order, and affiliate commissions on it not yet
        paid, are held. If the dispute is decided for us, everything is released. If it is lost, the sale is
        reversed: the buyer gets the payment back and the seller’s proceeds of it are taken back; a seller
        already paid out for it carries a negative balance that their later proceeds repay. {BRAND.name} pays
        the dispute fee, not the seller. A chip still in our vault comes back into our name, and the buyer’s
        account is flagged. Because card disputes can come months after a payment, the proceeds of reselling a
        chip bought less than {s.flipHoldDays} days ago wait until that purchase is {s.flipHoldDays} days old
        without a dispute.
      </>
    ),
  },
  {
    category: 'Creators & Fees',
    question: 'How much does a seller receive from a sale?',
    answer: (s) => <SaleProceedsAnswer platformFeePercent={s.platformFeePercent} feeBase={s.feeBase} />,
  },
  {
    category: 'Creators & Fees',
    question: 'Do creators earn when their chips are resold?',
    answer: (s) => (
      <RoyaltyAnswer
        platformFeePercent={s.platformFeePercent}
        creatorRoyaltyPercent={s.creatorRoyaltyPercent}
        feeBase={s.feeBase}
      />
    ),
  },
  {
    category: 'Creators & Fees',
    question: `Can I give or sell my ${BRAND.name} to someone outside the marketplace?`,
    answer: (s) => <TransferAnswer platformFeePercent={s.platformFeePercent} feeBase={s.feeBase} />,
  },
  {
    category: 'Creators & Fees',
    question: 'How do affiliate commissions work?',
    answer: (
      <>
        Share your affiliate link from your dashboard. You earn{' '}
        {formatBasisPoints(AFFILIATE_LEVEL_1_BASIS_POINTS)} of the minting fees of people you refer, and{' '}
        {formatBasisPoints(AFFILIATE_LEVEL_2_BASIS_POINTS)} of those of the people they refer.
      </>
    ),
  },
  {
    category: 'NFC & Authenticity',
    question: 'What does NFC verification mean?',
    answer: `Every ${BRAND.name} has a secure NFC chip sealed inside. Tap it with your phone and it opens the chip's page. Each tap produces a new, one-time signed code that our server checks, so a copied link or a cloned tag cannot pass as the real thing. A verified tap shows the chip's details and its history.`,
  },
  {
    category: 'NFC & Authenticity',
    question: 'I tapped a chip and saw "Page Not Found". What now?',
    answer: (
      <>
        The chip may not be assigned to an artwork yet. Please{' '}
        <Link to={ROUTES.contact} className={linkClass}>
          contact us
        </Link>{' '}
        with the ID shown on the page and we will look into it.
      </>
    ),
  },
  {
    category: `${BRAND.ticker} Token`,
    question: `What is ${BRAND.ticker}?`,
    answer: (
      <>
        {BRAND.ticker} is our meme coin on Solana. You can use it to pay for mints and purchases, with a
        discount on purchases.{' '}
        <Link to={ROUTES.token} className={linkClass}>
          Learn more about the token
        </Link>
        .
      </>
    ),
  },
  {
    category: `${BRAND.ticker} Token`,
    question: `How many tokens does an ${BRAND.name} cost?`,
    answer: `The USD price divided by the live token price shown in the ticker at the top of every page, rounded to whole tokens on chip pages. Checkout shows the amount for your order, and the payment page the exact amount your wallet sends.`,
  },
];

/** The answer text for an entry, or null while the settings it needs are loading. */
export function renderAnswer(entry: FaqEntry, settings: SiteSettings | undefined): ReactNode | null {
  if (typeof entry.answer !== 'function') return entry.answer;
  return settings ? entry.answer(settings) : null;
}
