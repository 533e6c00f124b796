import type { ReactNode } from 'react';
import { Link, useLocation } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useChipByUnit } from '../api/get-chip-by-unit.ts';
import { ChipDetail } from '../components/chip-detail.tsx';
import { isValidUnitId, readUnitId } from '../lib/unit-id.ts';

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <div className="mt-3 text-gray-700">{children}</div>
      <Button asChild className="mt-6">
        <Link to={ROUTES.home}>Back to Home</Link>
      </Button>
    </div>
  );
}

/** /uid?uid=…: a chip by its 14-digit unit ID (printed on the chip). */
export default function UidPage() {
  const location = useLocation();
  const unitId = readUnitId(location.search);
  const isValid = isValidUnitId(unitId);
  const chip = useChipByUnit(unitId, { enabled: isValid });
  usePageTitle(
    !isValid
      ? `Invalid ${BRAND.name} ID`
      : chip.isError
        ? `${BRAND.name} Not Found`
        : (chip.data?.title ?? BRAND.name),
  );

  if (!isValid) {
    return (
      <Message title={`Invalid ${BRAND.name} ID`}>
        <p>Please provide a valid 14-digit {BRAND.name} ID.</p>
        {unitId && (
          <p className="mt-2 text-sm">
            You entered: <span className="font-mono break-all">{unitId}</span>
          </p>
        )}
      </Message>
    );
  }
  if (chip.isPending) {
    return (
      <p role="status" className="mx-auto max-w-7xl px-4 py-20 text-center text-gray-700">
        Loading {BRAND.name}...
      </p>
    );
  }
  if (chip.isError) {
    const isMissing = chip.error instanceof ApiRequestError && chip.error.status === 404;
    return (
      <Message title={`${BRAND.name} Not Found`}>
        <p>{isMissing ? `No ${BRAND.name} has this ID.` : `Failed to load ${BRAND.name}`}</p>
        <p className="mt-2 text-sm">
          {BRAND.name} ID: <span className="font-mono">{unitId}</span>
        </p>
      </Message>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <ChipDetail chip={chip.data} variant="unit" />
    </div>
  );
}
