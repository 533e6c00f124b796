/**
 * Each step of a case is e-mailed to both sides (issue 28), queued in the transaction of the step:
 * the case opened, the seller answered, an admin decided, the refund went back (closed).
 */
import { BRAND, ROUTES } from '#shared/brand.ts';
import {
  CASE_KIND_LABELS,
  CASE_OUTCOME_LABELS,
  SELLER_ANSWER_DAYS,
  formatCaseDate,
} from '#shared/cases.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import type { Db } from '#server/db/client.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { absoluteUrl, composeMail, enqueueMail } from '#server/platform/mail/index.ts';
import { findChipRow } from '#server/modules/chips/index.ts';
import { findOrderById } from '#server/modules/orders/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import type { CaseRow } from './cases.repo.ts';

export type CaseStep = 'opened' | 'answered' | 'decided' | 'closed';
type Side = 'buyer' | 'seller';

function decisionWords(row: CaseRow): string {
  if (row.outcome === 'deny') return `We looked at the case and denied it: ${row.decisionReason ?? ''}`;
  const amount = formatUsd(row.refundCents ?? 0);
  const part =
    row.outcome === 'partial_refund' ? `a partial refund of ${amount}` : `a full refund of ${amount}`;
  return `We looked at the case and decided ${part}, paid back the way the buyer paid: ${row.decisionReason ?? ''}`;
}

/** What each side reads at each step. */
function stepText(step: CaseStep, side: Side, row: CaseRow, title: string) {
  const kind = CASE_KIND_LABELS[row.kind].toLowerCase();
  const ref = `case #${row.id} (order #${row.orderId})`;
  switch (step) {
    case 'opened':
      return side === 'buyer'
        ? {
            subject: `We opened your case about "${title}"`,
            heading: 'Your case is open',
            paragraphs: [
              `You reported "${title}" as ${kind}: ${ref}. The seller has ${SELLER_ANSWER_DAYS} days to answer, until ${formatCaseDate(row.sellerDueAt)}; then we decide and e-mail you.`,
            ],
          }
        : {
            subject: `A buyer reported a problem with "${title}"`,
            heading: 'Please answer the buyer’s case',
            paragraphs: [
              `The buyer of "${title}" reported it as ${kind}: ${ref}. Their words: "${row.description}"`,
              `Please answer by ${formatCaseDate(row.sellerDueAt)} from your sales under My Statistics. Your proceeds of this sale are held until the case is decided.`,
            ],
          };
    case 'answered':
      return {
        subject: `The seller answered ${ref}`,
        heading: 'The seller answered',
        paragraphs: [
          `The seller of "${title}" answered: "${row.sellerAnswer ?? ''}"`,
          'An admin decides next; we e-mail you both the decision.',
        ],
      };
    case 'decided':
      return {
        subject: `${CASE_OUTCOME_LABELS[row.outcome!]}: ${ref}`,
        heading: `Decision on ${ref}`,
        paragraphs: [
          decisionWords(row),
          row.outcome === 'deny'
            ? side === 'seller'
              ? 'Your proceeds of this sale are no longer held.'
              : 'The case is closed.'
            : 'The refund is on its way; we e-mail you when it is done.',
        ],
      };
    case 'closed':
      return {
        subject: `Closed: ${ref}`,
        heading: `${ref} is closed`,
        paragraphs: [
          `The refund of ${formatUsd(row.refundCents ?? 0)} went back to the buyer.`,
          side === 'seller'
            ? 'What remains of your proceeds of this sale is no longer held.'
            : 'Thank you for telling us.',
        ],
      };
  }
}

/** Queues the step's e-mail to the buyer and to the seller. */
export async function mailCaseStep(ctx: ServiceContext, tx: Db, row: CaseRow, step: CaseStep): Promise<void> {
  const order = await findOrderById(tx, row.orderId);
  const chip = order?.chipId ? await findChipRow(tx, order.chipId) : null;
  const title = chip?.title ?? `Order #${row.orderId}`;
  const publicUrl = ctx.config.publicUrl;
  for (const side of ['buyer', 'seller'] as const) {
    const to = await findAccountById(tx, side === 'buyer' ? row.buyerId : row.sellerId);
    if (!to) continue;
    const text = stepText(step, side, row, title);
    await enqueueMail(
      tx,
      await composeMail({
        to: to.email,
        template: `case-${step}`,
        publicUrl,
        greeting: to,
        ...text,
        details: [
          { label: 'Case', value: `#${row.id}, ${CASE_KIND_LABELS[row.kind]}` },
          { label: 'Order', value: `#${row.orderId}` },
        ],
        action: {
          label: side === 'buyer' ? 'Open My Orders' : `Open My ${BRAND.name}`,
          // The seller's sales are under My Statistics.
          url: absoluteUrl(publicUrl, side === 'buyer' ? ROUTES.myOrders : `${ROUTES.dashboard}?tab=stats`),
        },
      }),
    );
  }
}
