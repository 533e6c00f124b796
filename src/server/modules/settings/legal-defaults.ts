/**
 * The text the Privacy Policy and Terms of Service pages show until an admin saves their own: a
 * template for the operator (and their lawyer) to review, written in the pages' Markdown subset.
 * Fees and prices are never written here: they come from the site settings (PRODUCT.md "One source
 * of truth for money"), so the template points to where they are shown, or quotes the setting with a
 * `{{setting}}` placeholder the page fills in (decision 077).
 */
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { LegalPageKey } from '#shared/legal.schemas.ts';
import { REFUND_RULE } from '#shared/refund-rule.ts';
import { SELLER_ANSWER_DAYS } from '#shared/cases.schemas.ts';

/**
 * Decisions 071 and 077: where money goes. The figures are site settings, quoted live on the page
 * through `{{setting}}` placeholders (shared/legal-placeholders.ts).
 */
const PAYOUT_DESTINATION_TERMS = `Changing your payout method, its PayPal e-mail or your profile's PayPal e-mail, or opening Stripe's onboarding (where you enter the bank account you are paid to), needs your current password or, if you use two-factor sign-in, a code from your authenticator app. We e-mail your account's address about every change, with a link that freezes your payouts and signs out every session if it was not you; payouts then wait until we have checked the change with you. A new or changed destination receives payouts only {{payoutDestinationHoldHours}} hours after it was set. The proceeds of reselling a chip you bought less than {{flipHoldDays}} days ago are paid only once that purchase is {{flipHoldDays}} days old and not disputed, on top of the usual {{payoutHoldDays}}-day hold.`;

/** Decision 077: chargebacks and provider disputes, as PRODUCT.md "Money that cannot be stolen" has them. */
const DISPUTE_TERMS = `If a buyer disputes a payment with their card issuer or with PayPal (a chargeback), the chip of that order is frozen while the dispute is open: it cannot be resold, sold through an offer, transferred, handed over or shipped, and its page tells its owner it is under review. The seller's proceeds of that order, and affiliate commissions on it not yet paid, are held. If the dispute is decided for us, everything is released. If it is lost, the sale is reversed: the payment goes back to the buyer, the seller's proceeds of it are taken back (a seller already paid out for it carries a negative balance that their later proceeds repay), ${BRAND.name} bears the dispute fee, a chip still in our vault comes back into our name, and the buyer's account is flagged.`;

/** Decision 077: the sellers' sales a year the law may make us report, from the settings. */
const REPORTING_TERMS = `Where the law requires it, we report sellers' sales to tax authorities, with the seller's details: for example on a US Form 1099-K when a seller's sales in a calendar year are more than {{reporting1099kGrossUsd}} and more than {{reporting1099kSales}} sales, or under the EU's DAC7 rules from {{reportingDac7Sales}} sales or more than {{reportingDac7GrossUsd}} in a year.`;

const BUYER_PROTECTION_TERMS = `If a shipped chip never arrives, arrives damaged or is not as described, its buyer may report it from [My Orders](${ROUTES.myOrders}) within the windows shown in the [FAQ](${ROUTES.faq}) (days after delivery, or after shipping when it has not arrived). The seller has ${SELLER_ANSWER_DAYS} days to answer; then we decide: a refund in full or in part to the way the buyer paid, or a denial with our reason. The seller is not paid for that sale while the case is open.`;

const TEMPLATE_NOTICE = `**Template: the operator of this site has not reviewed this text yet.** It describes how ${BRAND.name} works, but it is not legal advice; the operator should adapt it to their business and the law that applies to them before relying on it.`;

const PRIVACY = `${TEMPLATE_NOTICE}

## Who we are

${BRAND.name} is a marketplace for physical art chips: ${BRAND.chipSizeMm} mm discs of artwork sealed in resin, with an NFC tag that proves they are genuine. This policy explains what personal data we collect when you use the site, why, and what you can ask us to do with it.

## What we collect

- **Your account:** e-mail address, username, password (stored only as a one-way hash), and the first and last name you choose to give.
- **Your profile:** a profile picture, bio and links, if you add them. These are public.
- **Orders and payments:** what you mint, buy, sell or transfer, the amounts, and the payment method. Card and PayPal details are handled by the payment provider; we never see or store full card numbers. Token payments are recorded with their public transaction reference.
- **Shipping addresses:** the name, address and phone number you give us to ship a chip.
- **Your artwork:** the images you upload to mint a chip. We re-encode them and strip their metadata (including any location a camera recorded).
- **Messages:** what you send through the [contact form](${ROUTES.contact}), and your e-mail address if you join our e-mail list.
- **Technical data:** sign-in sessions (kept in a secure cookie), and the logs every web server keeps, such as IP addresses and request times, for security.
- **NFC taps:** when a chip is tapped to check it is genuine, we record the tap against that chip.

## Why we use it

- To run your account and keep it secure.
- To take payments, make and ship chips, keep chips in our vault in your name, and pay sellers their proceeds.
- To keep each chip's public history (minted, sold, transferred, shipped, verified), which is how ownership is tracked.
- To answer your messages and send the e-mails you expect: account e-mails, order confirmations and shipping updates.
- To send our newsletter, only if you asked for it; every newsletter has an unsubscribe link.
- To meet our legal, tax and accounting obligations and to prevent fraud.

## Who we share it with

- **Payment providers** (for example Stripe or PayPal) to take and refund payments and to pay sellers.
- **Carriers** to deliver a chip you asked us to ship: they get the name, address and phone number on the order.
- **Service providers** that host the site, store files and send e-mail on our behalf.
- **Other people on the site** see what is public by design: your username, profile, the chips you created and own, and their sale history.
- **Authorities** when the law requires it.

We do not sell your personal data.

## How long we keep it

We keep your account data while your account is open. Order, payment and ledger records are kept for as long as tax and accounting law requires, even after an account is closed. A chip's public history stays with the chip.

## Your rights

Depending on where you live, you may ask to see, correct, export or delete your personal data, or object to how we use it. Send your request through the [contact page](${ROUTES.contact}); we answer within 30 days. You may also complain to your local data protection authority.

## Cookies

We use a cookie only to keep you signed in and to protect forms against abuse. We do not use advertising cookies.

## Changes

We will post any change to this policy on this page and update its date.
`;

const TERMS = `${TEMPLATE_NOTICE}

## About these terms

These terms apply when you use ${BRAND.name} to mint, buy, sell, store, ship or transfer art chips. By creating an account or placing an order you agree to them.

## Your account

- You must give a valid e-mail address and keep your password secret. You are responsible for what happens under your account.
- You may add two-factor sign-in with an authenticator app: signing in then asks for a code from it too, and ten one-time recovery codes stand in for it if you lose it. Admins must use it.
- You must be old enough to enter into a contract where you live.
- We may suspend an account that breaks these terms or the law.

## Minting

- When you mint a chip with your own image, you confirm that you own the image or have the right to use it, and that it breaks no law and no one else's rights. We may refuse or remove artwork that does.
- You keep the copyright in your artwork. You allow us to reproduce it on the chip, on its page and in our marketing of the marketplace.
- A surprize mint's artwork is made by our studio for you.
- Mint prices are shown before you pay; see the [FAQ](${ROUTES.faq}) for current prices.

## Buying and selling

- Prices, the platform fee, shipping and the seller's proceeds are shown before you confirm a sale or a purchase. The current rates are in the [FAQ](${ROUTES.faq}).
- **Refunds.** ${REFUND_RULE}
- **Buyer protection.** ${BUYER_PROTECTION_TERMS}
- Sellers are paid their proceeds after the sale settles (the chip is delivered or kept in our vault) and a short holding period.
- **Where your money goes.** ${PAYOUT_DESTINATION_TERMS}
- **Disputes and chargebacks.** ${DISPUTE_TERMS}
- **Tax reporting.** ${REPORTING_TERMS}
- A chip can be sold only once. If two people pay for the same chip at the same time, one order completes and the other is refunded.

## Ownership, the vault and shipping

- Whoever holds a chip owns it. The marketplace records each chip's owner and history.
- A chip kept in our vault is held in your name. Storage is free. You may list it for sale again or ask us to ship it to you.
- Shipping is charged at the rate shown at checkout for your address. Once a shipment is handed to the carrier, it travels at the carrier's terms; tell us at once if a chip arrives damaged or does not arrive.
- Each chip's NFC tag lets anyone check that it is genuine. Do not tamper with it.

## Token payments

Paying with the ${BRAND.ticker} token is optional. Token prices move; the amount due is fixed when you start a payment. We are not responsible for tokens sent to a wrong address.

## Acceptable use

Do not break the law, infringe anyone's rights, upload harmful content, interfere with the site, or try to get around its fees or security.

## Liability

We provide the marketplace with reasonable care and skill. To the extent the law allows, we are not liable for indirect losses, and our liability for an order is limited to what you paid for it. Nothing in these terms limits rights you have as a consumer under the law.

## Changes and contact

We may change these terms; the version on this page applies from the date it is posted. Questions? Use the [contact page](${ROUTES.contact}).
`;

/** The template text of each legal page. */
export const DEFAULT_LEGAL_TEXT: Record<LegalPageKey, string> = {
  privacy: PRIVACY.trim(),
  terms: TERMS.trim(),
};
