// Issue 13: every e-mail the product sends, made by the real flows (API calls), sent by the real
// outbox to DATA_DIR/mail, and read back with a real MIME parser: each has an HTML and a text part, a
// greeting by first name, and the facts its kind must carry (artwork, order lines, address, tracking
// link, List-Unsubscribe).
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#shared/checkout.schemas.ts';
import { CreateArtchipResponseSchema } from '#shared/orders.schemas.ts';
import { OfferSchema } from '#shared/offers.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import type { App } from '#server/app.ts';
import { orders } from '#server/modules/orders/orders.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { insertChip } from '#tests/factories/chips.ts';
import { insertAddress, insertMedia, mintBody, purchaseBody } from '#tests/factories/orders.ts';
import { formBody } from '#tests/api/admin/multipart.ts';

const PUBLIC_URL = 'http://localhost:3000';
const SUPPORT = 'help@artchip.test';

/** Every template the product sends; the test fails if one is never produced. */
const EVERY_KIND = [
  'verify-email',
  'set-password',
  'login-code',
  'contact-message',
  'email-list-confirm',
  'order-confirmation',
  'chip-sold',
  'order-processing',
  'order-completed',
  'order-shipped',
  'artchip-created',
  'chip-transferred',
  'order-refunded',
  'offer-received',
  'offer-accepted',
  'offer-countered',
  'offer-counter-accepted',
  'offer-buyer-accepted',
  'offer-declined',
  'offer-withdrawn',
  'chip-found-message',
] as const;

type Sent = { file: string; template: string; mail: ParsedMail; raw: string };

async function ok(res: Promise<{ statusCode: number; body: string; json: () => unknown }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

function post(app: App, token: string | null, url: string, payload?: object) {
  return injectAs(app, token, { method: 'POST', url, ...(payload ? { payload } : {}) });
}

async function checkoutAndPay(app: App, token: string, payload: object): Promise<number> {
  const { orderId } = CheckoutResponseSchema.parse(await ok(post(app, token, '/api/checkout', payload)));
  await ok(post(app, token, `/api/orders/${orderId}/complete`));
  return orderId;
}

/** Sends everything queued through the outbox and parses each .eml it wrote. */
async function sendAndParse(app: App): Promise<Sent[]> {
  while ((await app.mailer.flush()) > 0);
  const dir = path.join(app.config.dataDir, 'mail');
  const files = fs.readdirSync(dir).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      return { file, template: /^\d+-(.+)\.eml$/.exec(file)![1]!, mail: await simpleParser(raw), raw };
    }),
  );
}

function toAddress(sent: Sent): string {
  const to = sent.mail.to;
  const first = Array.isArray(to) ? to[0] : to;
  return first?.value[0]?.address ?? '';
}

/** The MIME parts of a message, by content type (multipart/alternative holds text/plain and text/html). */
function partTypes(raw: string): string[] {
  return [...raw.matchAll(/^Content-Type:\s*([\w/+.-]+)/gim)].map((m) => m[1]!.toLowerCase());
}

describe('every e-mail the product sends', () => {
  it('goes out with an HTML and a text part from one template, greeting by first name, with its facts', async () => {
    const app = await buildTestApp({ env: { SUPPORT_EMAIL: SUPPORT, PUBLIC_URL } });
    const admin = await insertAdmin(app.db, { firstName: 'Adele' });
    const seller = await insertUser(app.db, { firstName: 'Sam' });
    const buyer = await insertUser(app.db, { firstName: 'Bea' });
    // No first name: the greeting falls back to the username.
    const friend = await insertUser(app.db, { firstName: null, username: 'friend_fred' });
    const firstNameOf = new Map<string, string>([
      [admin.user.email, 'Adele'],
      [seller.user.email, 'Sam'],
      [buyer.user.email, 'Bea'],
      [friend.user.email, 'friend_fred'],
    ]);

    // Accounts: sign-up (verify), forgotten password (set-password).
    await ok(
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          email: 'ada@example.com',
          username: 'ada_signup',
          password: 'secret-pass-1',
          confirmPassword: 'secret-pass-1',
          firstName: 'Ada',
          lastName: 'Lovelace',
        },
      }),
    );
    firstNameOf.set('ada@example.com', 'Ada');
    await ok(post(app, null, '/api/auth/forgot-password', { email: buyer.user.email }));
    // Five wrong passwords: the right one then needs a mailed sign-in code (decision 036).
    for (let i = 0; i < 5; i++) {
      await post(app, null, '/api/auth/login', { email: friend.user.email, password: 'wrong-password' });
    }
    await ok(post(app, null, '/api/auth/login', { email: friend.user.email, password: friend.password }));

    // The contact form (to support) and the e-mail list (a registered address, greeted by name).
    await ok(
      post(app, null, '/api/contact', {
        name: 'Vic Visitor',
        email: 'vic@example.com',
        subject: 'Shipping',
        message: 'When will my chip ship?\nThanks!',
      }),
    );
    await ok(post(app, null, '/api/email-signup', { email: seller.user.email }));

    // A purchase shipped to Canada: confirmation (buyer), sold (seller); then completed and shipped.
    const shipped = await insertChip(app.db, {
      creatorId: seller.user.id,
      title: 'Harbor Lights',
      priceCents: 4000,
      highestPriceCents: 0,
      imageVariants: [
        { width: 640, url: '/media/harbor-640.webp' },
        { width: 1600, url: '/media/harbor-1600.webp' },
      ],
    });
    const address = await insertAddress(app.db, buyer.user.id, {
      name: 'Bea Buyer',
      addressLine1: '290 Bremner Blvd',
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5V 3L9',
      country: 'CA',
    });
    const purchaseId = await checkoutAndPay(
      app,
      buyer.token,
      purchaseBody(shipped.id, { shippingOption: 'ship', shippingAddressId: address.id }),
    );
    const statusUrl = `/api/admin/orders/${purchaseId}/status`;
    await ok(
      injectAs(app, admin.token, { method: 'PATCH', url: statusUrl, payload: { status: 'completed' } }),
    );
    await ok(
      injectAs(app, admin.token, {
        method: 'PATCH',
        url: statusUrl,
        payload: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      }),
    );

    // A custom mint: confirmation, processing, then the admin makes the chip (artchip-created).
    const upload = await insertMedia(app.db, seller.user.id);
    const mintId = await checkoutAndPay(
      app,
      seller.token,
      mintBody(upload.originalUrl, { mintData: { title: 'Tide Pool', imageUrl: upload.originalUrl } }),
    );
    await ok(
      injectAs(app, admin.token, {
        method: 'PATCH',
        url: `/api/admin/orders/${mintId}/status`,
        payload: { status: 'processing' },
      }),
    );
    const made = CreateArtchipResponseSchema.parse(
      await ok(
        injectAs(app, admin.token, {
          method: 'POST',
          url: `/api/admin/orders/${mintId}/create-artchip`,
          ...formBody({}),
        }),
      ),
    );

    // A vault purchase refunded by the admin.
    const refunded = await insertChip(app.db, {
      creatorId: seller.user.id,
      title: 'Cracked Moon',
      priceCents: 2000,
    });
    const refundedOrderId = await checkoutAndPay(app, buyer.token, purchaseBody(refunded.id));
    await ok(
      post(app, admin.token, `/api/admin/orders/${refundedOrderId}/refund`, {
        reason: 'Cracked in our vault',
      }),
    );

    // An offline transfer to a friend (the seller pays the fee).
    const gift = await insertChip(app.db, {
      creatorId: seller.user.id,
      title: 'Paper Crane',
      priceCents: 3000,
      highestPriceCents: 3000,
      status: 'inactive',
    });
    const transfer = CheckoutResponseSchema.parse(
      await ok(
        post(app, seller.token, `/api/artchip/${gift.id}/transfer`, { recipient: friend.user.username }),
      ),
    );
    await ok(post(app, seller.token, `/api/orders/${transfer.orderId}/complete`));

    // Offers, each on its own chip: counter and accept; decline; withdraw; accept.
    const offerOn = async (title: string, amountUsd: string) => {
      const chip = await insertChip(app.db, { creatorId: seller.user.id, title, priceCents: 5000 });
      return OfferSchema.parse(
        await ok(post(app, buyer.token, `/api/artchip/${chip.id}/offers`, { amountUsd })),
      );
    };
    const countered = await offerOn('Night Owl', '40');
    await ok(post(app, seller.token, `/api/offers/${countered.id}/counter`, { amountUsd: '45' }));
    await ok(post(app, buyer.token, `/api/offers/${countered.id}/accept`));
    const declined = await offerOn('Red Fox', '30');
    await ok(post(app, seller.token, `/api/offers/${declined.id}/decline`));
    const withdrawn = await offerOn('Blue Heron', '20');
    await ok(post(app, buyer.token, `/api/offers/${withdrawn.id}/withdraw`));
    const accepted = await offerOn('Green Frog', '35');
    await ok(post(app, seller.token, `/api/offers/${accepted.id}/accept`));

    // The friend reports the gift stolen; whoever has it writes to them through the platform.
    await ok(post(app, friend.token, `/api/artchip/${gift.id}/report`, { status: 'stolen' }));
    await ok(post(app, buyer.token, `/api/artchip/${gift.id}/message-owner`, { message: 'I have it.' }));

    const sent = await sendAndParse(app);
    expect([...new Set(sent.map((s) => s.template))].sort()).toEqual([...EVERY_KIND].sort());

    for (const s of sent) {
      const what = `${s.file} (${s.mail.subject ?? ''})`;
      // Two parts of one multipart/alternative message: text first, HTML preferred.
      expect(partTypes(s.raw), what).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
      expect(s.mail.text, what).toBeTruthy();
      expect(typeof s.mail.html, what).toBe('string');
      const html = s.mail.html as string;
      const text = s.mail.text!;
      expect(html, what).toMatch(/<html[^>]* lang="en"/);
      expect(html, what).toContain(`<title>${s.mail.subject!.replace(/"/g, '&quot;')}</title>`);
      // Every image is described; no HTML leaks into the text part.
      for (const img of html.match(/<img [^>]*>/g) ?? []) expect(img, what).toMatch(/ alt="[^"]+"/);
      expect(text, what).not.toMatch(/<\/?(p|a|table|td|img|br)\b/);
      expect(text, what).toContain('Artchip · Physical collectible art');

      const to = toAddress(s);
      if (s.template === 'contact-message') {
        expect(to).toBe(SUPPORT);
        expect(text).not.toMatch(/^Hi /m);
      } else {
        const name = firstNameOf.get(to);
        expect(name, `${what} went to an unexpected address ${to}`).toBeDefined();
        expect(text, what).toContain(`Hi ${name},`);
        expect(html, what).toContain(`Hi ${name},`);
      }

      const isListMail = s.template === 'email-list-confirm';
      expect(
        s.mail.headerLines.some((h) => h.key === 'list-unsubscribe'),
        what,
      ).toBe(isListMail);
    }

    const one = (template: string, subjectPart = '') => {
      const found = sent.filter(
        (s) => s.template === template && (s.mail.subject ?? '').includes(subjectPart),
      );
      expect(found, `${template} ${subjectPart}`).toHaveLength(1);
      return { ...found[0]!, html: found[0]!.mail.html as string, text: found[0]!.mail.text! };
    };
    const expectArtwork = (m: { html: string }, title: string, url: string) => {
      expect(m.html).toMatch(
        new RegExp(`<img alt="Artwork of ${title}" src="${url.replace(/[.?]/g, '\\$&')}"`),
      );
    };

    // The purchase confirmation: artwork, the order's lines and total from the database, the address.
    const [purchase] = await app.db.select().from(orders).where(eq(orders.id, purchaseId));
    const confirmation = one('order-confirmation', `#${purchaseId}`);
    expectArtwork(confirmation, 'Harbor Lights', `${PUBLIC_URL}/media/harbor-640.webp`);
    expect(confirmation.text).toMatch(
      new RegExp(`Artchip "Harbor Lights" +\\${formatUsd(purchase!.basePriceCents)}`),
    );
    expect(purchase!.shippingCents).toBeGreaterThan(0);
    expect(confirmation.text).toMatch(new RegExp(`Shipping +\\${formatUsd(purchase!.shippingCents)}`));
    expect(confirmation.text).toMatch(new RegExp(`Total +\\${formatUsd(purchase!.totalCents)}`));
    expect(confirmation.text).toContain('Payment method: Credit Card');
    expect(confirmation.text).toContain('Ship to\n\nBea Buyer\n290 Bremner Blvd\nToronto ON M5V 3L9\nCanada');
    expect(confirmation.html).toContain('Bea Buyer<br/>290 Bremner Blvd<br/>Toronto ON M5V 3L9<br/>Canada');

    // Shipped: the tracking number links to the carrier; the address is repeated.
    const shippedMail = one('order-shipped');
    const ups = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    expect(shippedMail.html).toContain(`href="${ups}"`);
    expect(shippedMail.text).toContain(`UPS tracking number: 1Z999AA10123456784 ${ups}`);
    expect(shippedMail.text).toContain('Toronto ON M5V 3L9');
    expectArtwork(shippedMail, 'Harbor Lights', `${PUBLIC_URL}/media/harbor-640.webp`);
    expectArtwork(one('order-completed'), 'Harbor Lights', `${PUBLIC_URL}/media/harbor-640.webp`);

    // Sold: the seller's split as lines.
    const soldMail = one('chip-sold', 'Harbor Lights');
    expect(soldMail.text).toMatch(/Sale price +\$40\.00/);
    expect(soldMail.text).toMatch(/Platform fee +-\$12\.00/);
    expect(soldMail.text).toMatch(/Your proceeds +\$28\.00/);
    expectArtwork(soldMail, 'Harbor Lights', `${PUBLIC_URL}/media/harbor-640.webp`);

    // The mint: its upload as the artwork, the mint fee as its line; then the chip made from it.
    const mintConfirmation = one('order-confirmation', `#${mintId}`);
    expectArtwork(mintConfirmation, 'Tide Pool', `${PUBLIC_URL}${upload.originalUrl}`);
    expect(mintConfirmation.text).toMatch(/Custom mint: "Tide Pool" +\$15\.00/);
    expect(mintConfirmation.text).not.toContain('Ship to');
    expect(one('order-processing').text).toContain('We are now working on your Artchip mint "Tide Pool"');
    const created = one('artchip-created');
    expect(created.html).toMatch(
      /<img alt="Artwork of Tide Pool" src="http:\/\/localhost:3000\/media\/[^"]+"/,
    );
    expect(made.artchip.title).toBe('Tide Pool');

    // Refund, transfer and offers carry the chip's artwork and their amount.
    const refundMail = one('order-refunded');
    expect(refundMail.text).toMatch(/Refund for "Cracked Moon" +\$20\.00/);
    expect(refundMail.text).toContain('Cracked in our vault');
    expectArtwork(refundMail, 'Cracked Moon', `${PUBLIC_URL}/media/${'a'.repeat(64)}.webp`);
    const transferred = one('chip-transferred');
    expectArtwork(transferred, 'Paper Crane', `${PUBLIC_URL}/media/${'a'.repeat(64)}.webp`);
    expect(transferred.text).toContain('Hi friend_fred,');
    expect(one('offer-countered').text).toMatch(/Counter-offer for "Night Owl" +\$45\.00/);
    expect(one('offer-counter-accepted').text).toMatch(/Agreed price for "Night Owl" +\$45\.00/);
    expect(one('offer-declined').text).toMatch(/Offer for "Red Fox" +\$30\.00/);
    expect(one('offer-withdrawn').text).toMatch(/Offer for "Blue Heron" +\$20\.00/);
    expectArtwork(one('offer-accepted'), 'Green Frog', `${PUBLIC_URL}/media/${'a'.repeat(64)}.webp`);

    // Account mail: the one-time links; contact: the visitor's words, reply-to the visitor.
    expect(one('verify-email').text).toMatch(
      /Verify my email http:\/\/localhost:3000\/verify-email\?token=\S+/,
    );
    expect(one('set-password').text).toMatch(/Set my password http:\/\/localhost:3000\/set-password\?\S+/);
    expect(one('login-code').text).toMatch(/Enter this code on the log-in page: \d{6}\b/);
    const contact = one('contact-message');
    expect(contact.text).toContain('Name: Vic Visitor');
    expect(contact.text).toContain('> When will my chip ship?\n> Thanks!');
    expect(contact.mail.replyTo?.value[0]?.address).toBe('vic@example.com');

    // List mail: one-click List-Unsubscribe (RFC 8058) and a visible unsubscribe link.
    const list = one('email-list-confirm');
    const listHeader = list.mail.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
    expect(listHeader?.unsubscribe?.url).toMatch(
      /^http:\/\/localhost:3000\/api\/email-signup\/unsubscribe\?token=\S+$/,
    );
    expect(list.mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(list.html).toMatch(
      /<a href="http:\/\/localhost:3000\/email-list\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe<\/a>/,
    );
    expect(list.text).toMatch(/Unsubscribe http:\/\/localhost:3000\/email-list\/unsubscribe\?token=\S+/);
  });
});
