import { Link } from '#web/lib/router.tsx';
import { BellRing } from 'lucide-react';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { Attention } from '#shared/attention.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAttention } from '#web/lib/api/get-attention.ts';

/** The dashboard's sections a notice line can lead to (ids of their headings in CollectionTab). */
export type AttentionTarget = 'offers-heading' | 'collection-heading';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

type Line = { key: string; text: string; action: { label: string; target: AttentionTarget } | 'orders' };

/** One line per kind of thing waiting, in the order a person would act on them. */
function attentionLines(attention: Attention): Line[] {
  const lines: Line[] = [];
  if (attention.offersReceived > 0) {
    lines.push({
      key: 'received',
      text: `${plural(attention.offersReceived, 'offer', 'offers')} on your ${BRAND.plural} ${attention.offersReceived === 1 ? 'is' : 'are'} waiting for your answer.`,
      action: { label: 'Review offers', target: 'offers-heading' },
    });
  }
  if (attention.offersToAnswer > 0) {
    lines.push({
      key: 'sent',
      text: `${plural(attention.offersToAnswer, 'offer', 'offers')} you made ${attention.offersToAnswer === 1 ? 'needs' : 'need'} your reply or checkout.`,
      action: { label: 'See your offers', target: 'offers-heading' },
    });
  }
  if (attention.artchipsToActivate > 0) {
    lines.push({
      key: 'activate',
      text: `${plural(attention.artchipsToActivate, `${BRAND.name} is`, `${BRAND.plural} are`)} made and ready to activate.`,
      action: { label: 'Go to my collection', target: 'collection-heading' },
    });
  }
  if (attention.ordersToPay > 0) {
    lines.push({
      key: 'pay',
      text: `${plural(attention.ordersToPay, 'order is', 'orders are')} waiting for payment.`,
      action: 'orders',
    });
  }
  return lines;
}

/**
 * At the top of the dashboard: what waits for the user (offers received first), so it is not found
 * only by scrolling past the whole collection. Nothing shows while nothing waits.
 */
export function AttentionNotice({ onShow }: { onShow: (target: AttentionTarget) => void }) {
  const attention = useAttention({ enabled: true });
  if (!attention.data || attention.data.total === 0) return null;
  const lines = attentionLines(attention.data);
  return (
    <section
      aria-labelledby="attention-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="attention-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <BellRing className="h-5 w-5 text-amber-800" aria-hidden="true" />
        Waiting for you
      </h2>
      <ul className="mt-3 space-y-3">
        {lines.map((line) => (
          <li key={line.key} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="text-sm text-gray-900">{line.text}</span>
            {line.action === 'orders' ? (
              <Button asChild variant="secondary" size="sm" className="shrink-0">
                <Link to={ROUTES.myOrders}>Go to My Orders</Link>
              </Button>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                onClick={() => onShow((line.action as { target: AttentionTarget }).target)}
              >
                {line.action.label}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
