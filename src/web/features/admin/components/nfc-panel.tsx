import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FileText, QrCode, RotateCcw } from 'lucide-react';
import { CHIP_API } from '#shared/brand.ts';
import {
  NFC_TAG_MODES,
  ProvisionNfcTagInputSchema,
  SetNfcTagInputSchema,
  type NfcProvisioning,
  type NfcTag,
  type NfcTagMode,
  type TapStatus,
} from '#shared/nfc.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useNfcTag } from '../api/get-nfc-tag.ts';
import { openProductionSheet } from '../api/get-production-sheet.ts';
import { useNfcTaps } from '../api/list-nfc-taps.ts';
import { useProvisionNfcTag } from '../api/provision-nfc-tag.ts';
import { useResetNfcCounter } from '../api/reset-nfc-counter.ts';
import { useSetNfcTag } from '../api/set-nfc-tag.ts';
import { SelectField } from './admin-ui.tsx';

const STATUS_TONES: Record<TapStatus, 'green' | 'yellow' | 'red' | 'gray'> = {
  authentic: 'green',
  repeated: 'yellow',
  suspected_clone: 'red',
  invalid: 'red',
  unknown_tag: 'gray',
};

const STATUS_LABELS: Record<TapStatus, string> = {
  authentic: 'Authentic',
  repeated: 'Repeated',
  suspected_clone: 'Suspected clone',
  invalid: 'Invalid',
  unknown_tag: 'Unknown tag',
};

const MODE_LABELS: Record<NfcTagMode, string> = {
  AES: 'AES (factory default)',
  LRP: 'LRP (AN12304, tag switched to LRP)',
};

/** The tag's cipher, for the registration and provisioning forms. */
function ModeSelect({ error, ...props }: ComponentProps<'select'> & { error?: string | undefined }) {
  return (
    <SelectField label="Tag mode" error={error} {...props}>
      {NFC_TAG_MODES.map((mode) => (
        <option key={mode} value={mode}>
          {MODE_LABELS[mode]}
        </option>
      ))}
    </SelectField>
  );
}

function TagSummary({ tag }: { tag: NfcTag | null }) {
  if (!tag) return <p className="text-sm text-gray-800">No NFC tag is registered for this chip yet.</p>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold text-gray-900">UID</dt>
      <dd className="font-mono text-gray-800">{tag.uid}</dd>
      <dt className="font-semibold text-gray-900">Mode</dt>
      <dd className="text-gray-800">{MODE_LABELS[tag.mode]}</dd>
      <dt className="font-semibold text-gray-900">Keys</dt>
      <dd className="text-gray-800">
        {tag.keySource === 'diversified'
          ? 'Diversified from the master key (AN10922)'
          : 'Supplied by an admin'}{' '}
        · fingerprint <span className="font-mono">{tag.metaReadKeyId}</span>
      </dd>
      <dt className="font-semibold text-gray-900">Last accepted tap</dt>
      <dd className="text-gray-800">{tag.lastCounter < 0 ? 'Never tapped' : `#${tag.lastCounter}`}</dd>
      <dt className="font-semibold text-gray-900">URL template</dt>
      <dd className="font-mono break-all text-gray-800">{tag.urlTemplate ?? 'Not recorded'}</dd>
    </dl>
  );
}

function ProvisioningResult({ result }: { result: NfcProvisioning }) {
  const { sdm, keys } = result;
  const rows: [string, string][] = [
    ['Mode', sdm.mode === 'LRP' ? 'LRP (AN12304)' : 'AES'],
    ['URL template', result.urlTemplate],
    ['NDEF file (hex, file 02)', result.ndefFileHex],
    ['PICCDataOffset', String(sdm.piccDataOffset)],
    ['SDMMACInputOffset', String(sdm.sdmMacInputOffset)],
    ['SDMMACOffset', String(sdm.sdmMacOffset)],
    [
      'SDMMetaRead key',
      `${sdm.sdmMetaReadKey} (AN10922 input ${keys.sdmMetaRead.diversificationInput}, all tags)`,
    ],
    [
      'SDMFileRead key',
      `${sdm.sdmFileReadKey} (AN10922 input ${keys.sdmFileRead.diversificationInput}, this tag)`,
    ],
    ['SDMCtrRet key', sdm.sdmCtrRetKey === 15 ? 'F (none)' : String(sdm.sdmCtrRetKey)],
    ['Mirroring', 'UID and read counter, ASCII; no encrypted file data'],
  ];
  return (
    <section
      aria-labelledby="nfc-provision-result"
      className="space-y-3 rounded-md border border-green-700 bg-green-50 p-4"
    >
      <h4 id="nfc-provision-result" className="text-sm font-semibold text-green-900">
        Write these settings to tag {result.tag.uid}
      </h4>
      {result.masterKeySource === 'install-key-file' && (
        <p role="note" className="text-sm text-amber-950">
          The keys derive from this install&apos;s key file, not from NFC_MASTER_KEY: set NFC_MASTER_KEY
          before producing real chips.
        </p>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-gray-900">{label}</dt>
            <dd className="font-mono break-all text-gray-800">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="list-disc pl-5 text-sm text-gray-800">
        {result.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </section>
  );
}

function ProvisionForm({ chipId }: { chipId: number }) {
  const toast = useToast();
  const provision = useProvisionNfcTag(chipId);
  const form = useForm<
    z.input<typeof ProvisionNfcTagInputSchema>,
    unknown,
    z.output<typeof ProvisionNfcTagInputSchema>
  >({ resolver: zodResolver(ProvisionNfcTagInputSchema), defaultValues: { uid: '', mode: 'AES' } });
  const submit = form.handleSubmit(async (input) => {
    try {
      await provision.mutateAsync(input);
      toast({ title: 'Tag provisioned', description: 'Program the tag with the settings shown.' });
    } catch (err) {
      const failure = applyServerErrors(form, err, { fallback: 'Could not provision the tag' });
      if (failure) toast({ title: failure, variant: 'destructive' });
    }
  });
  return (
    <div className="space-y-3">
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3" noValidate>
        <TextField
          label="Tag UID (14 hex characters)"
          autoComplete="off"
          spellCheck={false}
          className="min-w-64 flex-1"
          error={form.formState.errors.uid?.message}
          {...form.register('uid')}
        />
        <ModeSelect
          className="min-w-48"
          error={form.formState.errors.mode?.message}
          {...form.register('mode')}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Provision tag
        </Button>
      </form>
      {provision.data && <ProvisioningResult result={provision.data} />}
    </div>
  );
}

function OwnKeysForm({ chipId }: { chipId: number }) {
  const toast = useToast();
  const setTag = useSetNfcTag(chipId);
  const form = useForm<z.input<typeof SetNfcTagInputSchema>, unknown, z.output<typeof SetNfcTagInputSchema>>({
    resolver: zodResolver(SetNfcTagInputSchema),
    defaultValues: { uid: '', mode: 'AES', metaReadKey: '', fileReadKey: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await setTag.mutateAsync(input);
      // Keys are write-only: clear them from the page as soon as the server has them.
      form.reset({ uid: '', mode: 'AES', metaReadKey: '', fileReadKey: '' });
      toast({ title: 'Tag registered' });
    } catch (err) {
      const failure = applyServerErrors(form, err, { fallback: 'Could not register the tag' });
      if (failure) toast({ title: failure, variant: 'destructive' });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2" noValidate>
      <TextField
        label="Tag UID"
        autoComplete="off"
        spellCheck={false}
        error={errors.uid?.message}
        {...form.register('uid')}
      />
      <ModeSelect error={errors.mode?.message} {...form.register('mode')} />
      <TextField
        label="SDMMetaRead key (32 hex)"
        type="password"
        autoComplete="off"
        spellCheck={false}
        error={errors.metaReadKey?.message}
        {...form.register('metaReadKey')}
      />
      <TextField
        label="SDMFileRead key (32 hex)"
        type="password"
        autoComplete="off"
        spellCheck={false}
        error={errors.fileReadKey?.message}
        {...form.register('fileReadKey')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
          Register tag
        </Button>
      </div>
    </form>
  );
}

function ResetCounter({ chipId, tag }: { chipId: number; tag: NfcTag }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const reset = useResetNfcCounter(chipId);
  const confirm = async () => {
    try {
      await reset.mutateAsync();
      setOpen(false);
      toast({ title: 'Counter reset', description: 'The next tap from this tag will be accepted from #0.' });
    } catch (err) {
      toast({ title: errorMessage(err, 'Could not reset the counter'), variant: 'destructive' });
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Reset counter
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Reset the tap counter?"
        description={`Only after re-programming tag ${tag.uid}: re-enabling SDM sets its counter back to 0. Otherwise a reset lets old, recorded taps verify again.`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={reset.isPending}>
            Reset counter
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function TapHistory({ chipId }: { chipId: number }) {
  const taps = useNfcTaps(chipId);
  if (taps.isPending) return <Skeleton className="h-24 w-full" />;
  if (taps.isError)
    return <p className="text-sm text-red-700">{errorMessage(taps.error, 'Could not load the taps')}</p>;
  if (taps.data.length === 0) return <p className="text-sm text-gray-800">No taps recorded yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Tap history, newest first</caption>
        <thead>
          <tr className="border-b border-gray-300 text-gray-900">
            <th scope="col" className="py-2 pr-4 font-semibold">
              When
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Result
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Counter
            </th>
            <th scope="col" className="py-2 font-semibold">
              Detail
            </th>
          </tr>
        </thead>
        <tbody>
          {taps.data.map((t) => (
            <tr key={t.id} className="border-b border-gray-200 text-gray-800">
              <td className="py-2 pr-4">
                <time dateTime={t.createdAt}>{new Date(t.createdAt).toLocaleString('en-US')}</time>
              </td>
              <td className="py-2 pr-4">
                <Badge tone={STATUS_TONES[t.status]}>{STATUS_LABELS[t.status]}</Badge>
              </td>
              <td className="py-2 pr-4">{t.counter === null ? '—' : `#${t.counter}`}</td>
              <td className="py-2 font-mono">{t.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The NFC production tools for one chip, for the admin chip editor: tag status, provisioning (AN10922 keys;
 * only the settings to write are shown), registering a tag with its own keys, counter reset, QR codes, the
 * printable production sheet and the tap history.
 */
export function NfcPanel({ chipId }: { chipId: number }) {
  const toast = useToast();
  const tag = useNfcTag(chipId);
  const printSheet = async () => {
    try {
      await openProductionSheet({ chipIds: [chipId] });
    } catch (err) {
      toast({ title: errorMessage(err, 'Could not open the production sheet'), variant: 'destructive' });
    }
  };
  return (
    <section aria-labelledby={`nfc-panel-${chipId}`} className="space-y-6">
      <h2 id={`nfc-panel-${chipId}`} className="text-lg font-semibold text-gray-900">
        NFC tag
      </h2>
      {tag.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : tag.isError ? (
        <p className="text-sm text-red-700">{errorMessage(tag.error, 'Could not load the NFC tag')}</p>
      ) : (
        <div className="space-y-3">
          <TagSummary tag={tag.data} />
          <div className="flex flex-wrap gap-3">
            {tag.data && <ResetCounter chipId={chipId} tag={tag.data} />}
            <Button asChild variant="secondary">
              <a href={`${CHIP_API}/${chipId}/qr.svg`} target="_blank" rel="noreferrer">
                <QrCode className="h-4 w-4" aria-hidden="true" />
                QR code (SVG)
              </a>
            </Button>
            <Button asChild variant="secondary">
              <a href={`${CHIP_API}/${chipId}/qr.png`} download={`artchip-${chipId}-qr.png`}>
                <QrCode className="h-4 w-4" aria-hidden="true" />
                QR code (PNG)
              </a>
            </Button>
            <Button variant="secondary" onClick={() => void printSheet()}>
              <FileText className="h-4 w-4" aria-hidden="true" />
              Production sheet
            </Button>
          </div>
        </div>
      )}
      <div className="space-y-2">
        <h3 className="text-base font-semibold text-gray-900">Provision a tag</h3>
        <p className="text-sm text-gray-800">
          Creates this tag&apos;s keys from the master key. The programming station derives the same keys from
          the master key and the inputs shown; no key is ever displayed.
        </p>
        <ProvisionForm chipId={chipId} />
      </div>
      <details className="space-y-2">
        <summary className="cursor-pointer text-base font-semibold text-gray-900">
          Register a tag programmed with its own keys
        </summary>
        <p className="mt-2 text-sm text-gray-800">Keys are stored encrypted and can never be read back.</p>
        <OwnKeysForm chipId={chipId} />
      </details>
      <div className="space-y-2">
        <h3 className="text-base font-semibold text-gray-900">Tap history</h3>
        <TapHistory chipId={chipId} />
      </div>
    </section>
  );
}
