/**
 * The one template of the marketplace's e-mails, built with React Email: every message is a
 * MailContent rendered once to HTML, and its plain-text part is converted from that same HTML, so the
 * two never disagree (decision 021). Elements are made with createElement because the server runs
 * its TypeScript by type stripping, which has no JSX.
 */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { render, toPlainText } from '@react-email/render';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { BRAND } from '#shared/brand.ts';
import { addressLabelLines, type PostalAddress } from '#shared/address-format.ts';
import { greetingName, type MailRecipient } from './mail.format.ts';
import type { MailMessage } from './mail.service.ts';

/** One line of an order or sale summary: a label and its formatted amount. */
export type MailLine = { label: string; amount: string; isTotal?: boolean };

/** What one e-mail says; composeMail lays it out. Optional blocks appear in this order. */
export type MailContent = {
  to: string;
  subject: string;
  /** Template name, for the admin mail log and the outbox file name. */
  template: string;
  /** Site origin (PUBLIC_URL): the footer's link; images and links must already be absolute. */
  publicUrl: string;
  /** Whom "Hi …," greets; null for mail to the team (the contact form), which has no greeting. */
  greeting: MailRecipient | null;
  heading: string;
  paragraphs: string[];
  /** The chip's artwork, an absolute URL; its title makes the alt text and the caption. */
  artwork?: { url: string; title: string; href?: string } | null;
  /** An order's or a sale's figures; the last is usually the total. */
  lines?: MailLine[];
  /** Facts under the lines: "Payment method: Card". */
  details?: { label: string; value: string }[];
  address?: { heading: string; address: PostalAddress } | null;
  tracking?: { carrier: string; trackingNumber: string; url: string | null } | null;
  /** A visitor's own words (the contact form), kept as typed. */
  quote?: string;
  action?: { label: string; url: string } | null;
  /** Small print under the action: why they got it, when a link expires. */
  notes?: string[];
  /** List mail: a visible unsubscribe link (the List-Unsubscribe header comes in headers). */
  unsubscribeUrl?: string;
  headers?: Record<string, string>;
};

const COLORS = {
  text: '#1f2937',
  muted: '#4b5563',
  brand: '#4338ca',
  border: '#e5e7eb',
  page: '#f3f4f6',
  card: '#ffffff',
} as const;

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: COLORS.page, color: COLORS.text, fontFamily: FONT, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: COLORS.card,
    border: `1px solid ${COLORS.border}`,
    borderRadius: '8px',
    maxWidth: '560px',
    padding: '32px',
  },
  brand: {
    color: COLORS.brand,
    fontSize: '20px',
    fontWeight: 700,
    letterSpacing: '0.02em',
    margin: '0 0 24px',
  },
  heading: { color: COLORS.text, fontSize: '22px', lineHeight: '1.3', margin: '0 0 16px' },
  text: { color: COLORS.text, fontSize: '16px', lineHeight: '1.5', margin: '0 0 16px' },
  small: { color: COLORS.muted, fontSize: '14px', lineHeight: '1.5', margin: '0 0 12px' },
  subheading: { color: COLORS.text, fontSize: '16px', fontWeight: 700, margin: '24px 0 8px' },
  artwork: { borderRadius: '8px', display: 'block', height: 'auto', margin: '0 auto', maxWidth: '100%' },
  caption: { color: COLORS.muted, fontSize: '14px', margin: '8px 0 0', textAlign: 'center' },
  cell: { borderBottom: `1px solid ${COLORS.border}`, fontSize: '15px', padding: '8px 0' },
  button: {
    backgroundColor: COLORS.brand,
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: COLORS.brand, textDecoration: 'underline' },
  quote: {
    borderLeft: `4px solid ${COLORS.border}`,
    color: COLORS.text,
    fontSize: '15px',
    margin: '0 0 16px',
    padding: '4px 0 4px 12px',
  },
} satisfies Record<string, CSSProperties>;

/** React Email's plain-text conversion leaves out elements marked so (the text part has its own). */
const SKIP_IN_TEXT = { 'data-skip-in-text': true };

function artworkBlock(artwork: NonNullable<MailContent['artwork']>): ReactNode {
  const image = h(Img, {
    src: artwork.url,
    alt: `Artwork of ${artwork.title}`,
    width: 280,
    style: styles.artwork,
  });
  return h(
    Section,
    { style: { margin: '0 0 24px', textAlign: 'center' } },
    // The text part has no picture to show, so it keeps only the caption.
    artwork.href ? h(Link, { href: artwork.href, ...SKIP_IN_TEXT }, image) : image,
    h(Text, { style: styles.caption }, artwork.title),
  );
}

function linesBlock(lines: MailLine[]): ReactNode {
  // A real data table: html-to-text lays it out as aligned columns in the text part.
  return h(
    'table',
    {
      'data-text-format': 'dataTable',
      role: 'table',
      width: '100%',
      cellPadding: 0,
      cellSpacing: 0,
      style: { borderCollapse: 'collapse', margin: '0 0 16px', width: '100%' },
    },
    h(
      'tbody',
      null,
      lines.map((line, i) => {
        const weight = line.isTotal ? 700 : 400;
        return h(
          'tr',
          { key: i },
          h('td', { style: { ...styles.cell, fontWeight: weight } }, line.label),
          h(
            'td',
            { align: 'right', style: { ...styles.cell, fontWeight: weight, textAlign: 'right' } },
            line.amount,
          ),
        );
      }),
    ),
  );
}

function withBreaks(lines: string[]): ReactNode[] {
  return lines.flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: i }), line]));
}

function MailLayout({ content }: { content: MailContent }): ReactNode {
  const { greeting, tracking } = content;
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('meta', { name: 'supported-color-schemes', content: 'light' }),
      h('title', null, content.subject),
    ),
    h(Preview, null, content.paragraphs[0] ?? content.heading),
    h(
      Body,
      { style: styles.body },
      // Webmail shows the message inside its own page: an article named by the subject lets a screen
      // reader find where the e-mail starts (role="main" would clash with the client's own).
      h(
        'div',
        {
          role: 'article',
          'aria-roledescription': 'email',
          'aria-label': content.subject,
          lang: 'en',
          dir: 'ltr',
        },
        h(
          Container,
          { style: styles.container },
          h(Text, { style: styles.brand }, BRAND.name),
          h(Heading, { as: 'h1', style: styles.heading }, content.heading),
          greeting ? h(Text, { style: styles.text }, `Hi ${greetingName(greeting)},`) : null,
          content.paragraphs.map((p, i) => h(Text, { key: i, style: styles.text }, p)),
          content.artwork ? artworkBlock(content.artwork) : null,
          content.lines?.length ? linesBlock(content.lines) : null,
          content.details?.length
            ? h(
                Text,
                { style: styles.text },
                withBreaks(content.details.map((d) => `${d.label}: ${d.value}`)),
              )
            : null,
          content.address
            ? h(
                Section,
                null,
                h(Heading, { as: 'h2', style: styles.subheading }, content.address.heading),
                h(Text, { style: styles.text }, withBreaks(addressLabelLines(content.address.address))),
              )
            : null,
          tracking
            ? h(
                Section,
                null,
                h(Heading, { as: 'h2', style: styles.subheading }, 'Tracking'),
                h(
                  Text,
                  { style: styles.text },
                  `${tracking.carrier} tracking number: `,
                  tracking.url
                    ? h(Link, { href: tracking.url, style: styles.link }, tracking.trackingNumber)
                    : tracking.trackingNumber,
                ),
              )
            : null,
          content.quote
            ? h('blockquote', { style: styles.quote }, withBreaks(content.quote.split(/\r?\n/)))
            : null,
          content.action
            ? h(
                Section,
                { style: { margin: '8px 0 24px' } },
                h(Button, { href: content.action.url, style: styles.button }, content.action.label),
                // The text part already carries the button's link.
                h(
                  Text,
                  { style: { ...styles.small, margin: '16px 0 0' }, ...SKIP_IN_TEXT },
                  'If the button does not work, copy this link into your browser: ',
                  h(Link, { href: content.action.url, style: styles.link }, content.action.url),
                ),
              )
            : null,
          (content.notes ?? []).map((note, i) => h(Text, { key: `n${i}`, style: styles.small }, note)),
          h(Hr, { style: { borderColor: COLORS.border, margin: '24px 0 16px' } }),
          h(
            Text,
            { style: { ...styles.small, margin: 0 } },
            `${BRAND.name} · ${BRAND.tagline} · `,
            h(Link, { href: content.publicUrl, style: styles.link }, content.publicUrl),
          ),
          content.unsubscribeUrl
            ? h(
                Text,
                { style: { ...styles.small, margin: '8px 0 0' } },
                `You get this e-mail because this address was given for ${BRAND.name} news. `,
                h(Link, { href: content.unsubscribeUrl, style: styles.link }, 'Unsubscribe'),
              )
            : null,
        ),
      ),
    ),
  );
}

const TEXT_OPTIONS = {
  selectors: [
    // Headings read as themselves, not shouted in capitals.
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 2 } },
    { selector: 'h2', options: { uppercase: false, leadingLineBreaks: 2 } },
    {
      selector: 'table[data-text-format="dataTable"]',
      format: 'dataTable',
      options: { uppercaseHeaderCells: false },
    },
    { selector: 'blockquote', format: 'blockquote', options: { trimEmptyLines: false } },
  ],
};

/** Renders a message's HTML and its plain-text part from the same template. */
export async function composeMail(content: MailContent): Promise<MailMessage> {
  const html = await render(h(MailLayout, { content }));
  const text = `${toPlainText(html, TEXT_OPTIONS).trim()}\n`;
  return {
    to: content.to,
    subject: content.subject,
    template: content.template,
    text,
    html,
    ...(content.headers ? { headers: content.headers } : {}),
  };
}
