import { Fragment, type ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';

/**
 * Admin-written text (the legal pages) in a small Markdown subset: `#`/`##` and `###` headings,
 * paragraphs (a single line break is kept), `-`/`*` and `1.` lists, `**bold**`, and
 * `[label](url)` links to http(s), mailto or the site's own paths. Everything becomes React text
 * and elements, never HTML, so whatever is typed (tags included) shows as typed and cannot run.
 */
export type RichBlock =
  | { type: 'heading'; level: 2 | 3; text: string }
  | { type: 'paragraph'; lines: string[] }
  | { type: 'list'; ordered: boolean; items: string[] };

const HEADING = /^(#{1,3})\s+(.+)$/;
const BULLET = /^[-*]\s+(.+)$/;
const NUMBERED = /^\d+[.)]\s+(.+)$/;

/** Splits the text into blocks; blank lines end paragraphs and lists. */
export function parseRichText(text: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let open: RichBlock | null = null;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (!line) {
      open = null;
    } else if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length === 3 ? 3 : 2, text: heading[2]!.trim() });
      open = null;
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      const item = (bullet ?? numbered)![1]!.trim();
      if (open?.type === 'list' && open.ordered === ordered) {
        open.items.push(item);
      } else {
        open = { type: 'list', ordered, items: [item] };
        blocks.push(open);
      }
    } else if (open?.type === 'paragraph') {
      open.lines.push(line);
    } else {
      open = { type: 'paragraph', lines: [line] };
      blocks.push(open);
    }
  }
  return blocks;
}

/** Where a link may go: the web, e-mail, or a path on this site (never `javascript:` and the like). */
export function safeHref(url: string): string | null {
  if (/^https?:\/\/[^\s]+$/i.test(url) || /^mailto:[^\s]+$/i.test(url)) return url;
  if (/^\/(?!\/)[^\s]*$/.test(url)) return url;
  return null;
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
const LINK_CLASS = 'font-medium text-brand-700 underline hover:text-brand-800';

function renderInline(text: string, allowBold = true): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index;
    if (at > last) nodes.push(text.slice(last, at));
    const [whole, bold, label, url] = match;
    if (bold !== undefined) {
      nodes.push(allowBold ? <strong key={at}>{renderInline(bold, false)}</strong> : whole);
    } else {
      const href = safeHref(url!);
      if (!href) nodes.push(label);
      else if (href.startsWith('/'))
        nodes.push(
          <Link key={at} to={href} className={LINK_CLASS}>
            {label}
          </Link>,
        );
      else
        nodes.push(
          <a key={at} href={href} className={LINK_CLASS} rel="noopener noreferrer">
            {label}
          </a>,
        );
    }
    last = at + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** Renders admin-written text safely (see parseRichText for the subset). */
export function RichText({ text }: { text: string }) {
  return (
    <div className="text-gray-800">
      {parseRichText(text).map((block, i) => {
        if (block.type === 'heading') {
          const Heading = block.level === 2 ? 'h2' : 'h3';
          return (
            <Heading
              key={i}
              className={
                block.level === 2
                  ? 'mt-8 text-xl font-semibold text-gray-900'
                  : 'mt-6 text-lg font-semibold text-gray-900'
              }
            >
              {renderInline(block.text)}
            </Heading>
          );
        }
        if (block.type === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={i} className={`mt-4 space-y-1 pl-6 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
              {block.items.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </List>
          );
        }
        return (
          <p key={i} className="mt-4 leading-relaxed">
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {renderInline(line)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
