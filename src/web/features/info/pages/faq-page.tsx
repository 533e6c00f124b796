import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function FaqPage() {
  usePageTitle('FAQ');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">FAQ</h1>
    </div>
  );
}
