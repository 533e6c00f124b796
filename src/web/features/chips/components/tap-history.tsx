import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import { formatLongDate } from '../lib/chip-format.ts';
import { useTapHistory } from '../api/get-tap-history.ts';

/** How many verified taps the chip has had and when the last was (never where). */
export function TapHistoryLine({ chipId }: { chipId: number }) {
  const history = useTapHistory(chipId);
  const timeZone = useDisplayTimeZone();
  if (!history.data) return null;
  const { verifiedTaps, lastVerifiedAt } = history.data;
  if (verifiedTaps === 0) return <span>No verified taps yet.</span>;
  return (
    <span>
      {verifiedTaps === 1 ? '1 verified tap' : `${verifiedTaps} verified taps`}
      {lastVerifiedAt && (
        <>
          , the last on <time dateTime={lastVerifiedAt}>{formatLongDate(lastVerifiedAt, timeZone)}</time>
        </>
      )}
      .
    </span>
  );
}
