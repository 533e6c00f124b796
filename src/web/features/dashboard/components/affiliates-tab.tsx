import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { AffiliateSummarySchema, type AffiliateSummary } from '#shared/affiliates.schemas.ts';
import { formatUsd } from '#shared/money.ts';
import { AFFILIATE_LEVEL_1_BASIS_POINTS, AFFILIATE_LEVEL_2_BASIS_POINTS } from '#shared/pricing.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { api } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/dates.ts';

/** Spec §9: the copy confirmation shows for 2 s. */
const COPIED_MS = 2000;

/** GET /api/affiliates/me: the user's code, link, referrals and commissions. */
async function getMyAffiliateSummary(): Promise<AffiliateSummary> {
  return AffiliateSummarySchema.parse(await api('/api/affiliates/me'));
}

const myAffiliateSummaryQueryOptions = queryOptions({
  queryKey: ['affiliates', 'me'],
  queryFn: getMyAffiliateSummary,
});

function CopyLinkButton({ link }: { link: string }) {
  const toast = useToast();
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setIsCopied(true);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Failed to copy link to clipboard',
        variant: 'destructive',
      });
    }
  }

  return (
    <>
      <Button variant="secondary" className="shrink-0 whitespace-nowrap" onClick={() => void copy()}>
        {isCopied ? (
          <Check className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Copy className="h-4 w-4" aria-hidden="true" />
        )}
        {isCopied ? 'Copied!' : 'Copy Link'}
      </Button>
      <span role="status" className="sr-only">
        {isCopied ? 'Link copied to the clipboard' : ''}
      </span>
    </>
  );
}

/** Affiliates: the referral link with Copy, referral count, commissions by status, and the list. */
export function AffiliatesTab() {
  const summary = useQuery(myAffiliateSummaryQueryOptions);
  return (
    <section aria-labelledby="affiliates-heading" className="space-y-6">
      <h2 id="affiliates-heading" className="text-xl font-semibold text-gray-900">
        Affiliates
      </h2>
      <p className="text-sm text-gray-800">
        Share your link. You earn {AFFILIATE_LEVEL_1_BASIS_POINTS / 100}% of the minting fees of people who
        sign up with it, and {AFFILIATE_LEVEL_2_BASIS_POINTS / 100}% of those they refer.
      </p>
      {summary.isPending && (
        <div role="status" aria-label="Loading affiliate details" className="space-y-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
      {summary.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load your affiliate details. Please try again.
        </p>
      )}
      {summary.data && (
        <>
          <div className="space-y-2">
            <label htmlFor="affiliate-link" className="block text-sm font-medium text-gray-800">
              Your affiliate link
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id="affiliate-link"
                readOnly
                value={summary.data.link}
                onFocus={(e) => e.currentTarget.select()}
                className="block w-full rounded-md border border-gray-400 bg-gray-50 px-3 py-2 text-sm text-gray-900"
              />
              <CopyLinkButton link={summary.data.link} />
            </div>
            <p className="text-xs text-gray-700">Code: {summary.data.affiliateCode}</p>
          </div>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[
              { label: 'Referrals', value: String(summary.data.referralCount) },
              { label: 'Pending commissions', value: formatUsd(summary.data.pendingCents) },
              { label: 'Paid commissions', value: formatUsd(summary.data.paidCents) },
              { label: 'Total commissions', value: formatUsd(summary.data.totalCents) },
            ].map((stat) => (
              <div key={stat.label} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <dt className="text-sm text-gray-700">{stat.label}</dt>
                <dd className="mt-1 text-2xl font-bold text-gray-900">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div className="space-y-3">
            <h3 className="text-lg font-semibold text-gray-900">Commissions</h3>
            {summary.data.commissions.length === 0 ? (
              <p className="text-sm text-gray-700">No commissions yet.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="min-w-full text-left text-sm text-gray-800">
                  <thead className="border-b border-gray-200 text-gray-900">
                    <tr>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Date
                      </th>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        From
                      </th>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Level
                      </th>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Mint fee
                      </th>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Rate
                      </th>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Commission
                      </th>
                      <th scope="col" className="py-2 font-semibold">
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.data.commissions.map((c) => (
                      <tr key={c.id} className="border-b border-gray-100">
                        <td className="py-2 pr-4">{formatDate(c.createdAt)}</td>
                        <td className="py-2 pr-4">{c.sourceUsername}</td>
                        <td className="py-2 pr-4">{c.commissionLevel}</td>
                        <td className="py-2 pr-4">{formatUsd(c.baseAmountCents)}</td>
                        <td className="py-2 pr-4">{c.commissionRate}%</td>
                        <td className="py-2 pr-4">{formatUsd(c.commissionAmountCents)}</td>
                        <td className="py-2">
                          <Badge tone={c.status === 'paid' ? 'green' : 'yellow'}>
                            {c.status === 'paid' ? 'Paid' : 'Pending'}
                          </Badge>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
