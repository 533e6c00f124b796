import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function TopMintersPage() {
  usePageTitle('Top Minters');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">Top Minters</h1>
    </div>
  );
}
