/**
 * The header's count of what waits for a signed-in user (GET /api/my-attention), in its own chunk:
 * visitors, who are most of a public page's readers, never load it (docs/decisions/014: the first
 * script stays small). header.tsx loads it once a user is signed in.
 */
import { NavLink } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { DASHBOARD_LABEL } from './nav-labels.ts';
import { useAttention } from '#web/lib/api/get-attention.ts';

/** "3 items need your attention": the count in words, for screen readers and the tooltip. */
function attentionText(total: number): string {
  return `${total} ${total === 1 ? 'item needs' : 'items need'} your attention`;
}

const BADGE =
  'inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white';

function useAttentionTotal(): number {
  return useAttention({ enabled: true }).data?.total ?? 0;
}

/** My Artchips with the count beside it; the link's name says it: "My Artchips, 2 items need your attention". */
export function AttentionLink({
  className,
  onClick,
}: {
  className: (state: { isActive: boolean }) => string;
  onClick: () => void;
}) {
  const total = useAttentionTotal();
  return (
    <NavLink
      to={ROUTES.dashboard}
      className={className}
      onClick={onClick}
      aria-label={total > 0 ? `${DASHBOARD_LABEL}, ${attentionText(total)}` : undefined}
      title={total > 0 ? attentionText(total) : undefined}
    >
      {DASHBOARD_LABEL}
      {total > 0 && (
        <span aria-hidden="true" className={`ml-1.5 ${BADGE}`}>
          {total > 99 ? '99+' : total}
        </span>
      )}
    </NavLink>
  );
}

/** Inside the phone's menu button, where My Artchips hides: the count, seen and said. */
export function MenuAttention() {
  const total = useAttentionTotal();
  if (total <= 0) return null;
  return (
    <>
      <span className="sr-only">({attentionText(total)})</span>
      <span aria-hidden="true" className={`absolute -top-0.5 -right-0.5 ${BADGE}`}>
        {total > 99 ? '99+' : total}
      </span>
    </>
  );
}
