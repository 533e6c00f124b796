import { useState } from 'react';
import { Nfc } from 'lucide-react';
import { BRAND, CHIP_API } from '#shared/brand.ts';
import { TapResultSchema, type TapResult } from '#shared/nfc.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { api } from '#web/lib/api-client.ts';
import { useHydrated } from '#web/lib/hydration.ts';

/** The part of Web NFC (Chrome on Android) this uses; not in TypeScript's DOM library yet. */
type NdefRecord = { recordType: string; data?: DataView; encoding?: string };
type NdefReading = { message: { records: NdefRecord[] } };
type NdefReaderLike = {
  scan: (options?: { signal?: AbortSignal }) => Promise<void>;
  addEventListener: (type: 'reading' | 'readingerror', listener: (event: Event) => void) => void;
};

function hasWebNfc(): boolean {
  return typeof window !== 'undefined' && 'NDEFReader' in window;
}

/** The tag's URL record (a URI record's prefix byte is already expanded by the browser). */
function urlOf(reading: NdefReading): string | null {
  for (const record of reading.message.records) {
    if ((record.recordType === 'url' || record.recordType === 'absolute-url') && record.data) {
      return new TextDecoder(record.encoding ?? 'utf-8').decode(record.data);
    }
  }
  return null;
}

const VERDICTS: Record<TapResult['status'], string> = {
  authentic: 'Authentic: this tap was verified just now.',
  repeated: 'This tap was already seen. Scan again.',
  suspected_clone: 'Possible copy: this tag sent an older count than one already verified.',
  invalid: 'This tag could not be verified.',
  unknown_tag: `This tag is not registered with ${BRAND.name}.`,
};

type ScanState =
  | { kind: 'idle' }
  | { kind: 'scanning' }
  | { kind: 'done'; text: string; isMatch: boolean }
  | { kind: 'error'; text: string };

/**
 * "Scan with your phone" where the browser can read NFC (Web NFC): reads the tag's URL and verifies it
 * here through the tap API. Elsewhere it says how a tap works: holding the phone to the chip opens its page.
 */
export function ScanWithPhone({ chipId }: { chipId: number }) {
  const [state, setState] = useState<ScanState>({ kind: 'idle' });
  // The server cannot know the browser: the button appears once the page runs in one that reads NFC.
  const isHydrated = useHydrated();
  if (!isHydrated || !hasWebNfc()) {
    return (
      <p className="text-xs text-gray-700">
        Hold your phone to the {BRAND.name}: its tag opens this page and proves it is genuine.
      </p>
    );
  }

  async function scan() {
    setState({ kind: 'scanning' });
    try {
      const Reader = (window as unknown as { NDEFReader: new () => NdefReaderLike }).NDEFReader;
      const reader = new Reader();
      const controller = new AbortController();
      reader.addEventListener('reading', (event) => {
        controller.abort();
        const url = urlOf(event as unknown as NdefReading);
        const query = url ? url.split('?')[1] : undefined;
        if (!query) {
          setState({ kind: 'error', text: 'This tag carries no verification link.' });
          return;
        }
        void api(`${CHIP_API}/tap?${query}`)
          .then((body) => {
            const result = TapResultSchema.parse(body);
            const isMatch = result.chip?.id === chipId;
            setState({
              kind: 'done',
              isMatch,
              text:
                isMatch || !result.chip
                  ? VERDICTS[result.status]
                  : `This tag belongs to another ${BRAND.name}.`,
            });
          })
          .catch(() => setState({ kind: 'error', text: 'We could not check this tag. Please try again.' }));
      });
      reader.addEventListener('readingerror', () =>
        setState({ kind: 'error', text: 'The tag could not be read. Hold the phone still and try again.' }),
      );
      await reader.scan({ signal: controller.signal });
    } catch {
      setState({ kind: 'error', text: 'NFC is off or was not allowed. Turn it on and try again.' });
    }
  }

  return (
    <div className="space-y-2">
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={() => void scan()}
        disabled={state.kind === 'scanning'}
      >
        <Nfc className="h-4 w-4" aria-hidden="true" />
        {state.kind === 'scanning' ? 'Hold your phone to the chip…' : 'Scan with your phone'}
      </Button>
      {(state.kind === 'done' || state.kind === 'error') && (
        <p
          role="status"
          className={state.kind === 'done' && state.isMatch ? 'text-green-900' : 'text-red-900'}
        >
          {state.text}
        </p>
      )}
    </div>
  );
}
