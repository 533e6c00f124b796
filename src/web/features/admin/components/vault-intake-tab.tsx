import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BRAND } from '#shared/brand.ts';
import {
  VAULT_INTAKE_STATUS_LABELS,
  VAULT_REFUSAL_REASONS,
  type AdminVaultIntake,
} from '#shared/vault-intakes.schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useIntakeChip, useMarkIntakeReceived, useVaultIntakes } from '../api/vault-intakes.ts';
import { AdminTable, ListState, TD, TH, formatDateTime } from './admin-ui.tsx';

/** Web NFC (Chrome on Android): reads the tapped tag's URL, so the admin need not paste it. */
type NdefReading = { message: { records: { recordType: string; data?: DataView }[] } };
type NdefReaderLike = EventTarget & { scan: (options?: { signal?: AbortSignal }) => Promise<void> };
type NdefReaderConstructor = new () => NdefReaderLike;

function ndefReader(): NdefReaderConstructor | null {
  return (globalThis as { NDEFReader?: NdefReaderConstructor }).NDEFReader ?? null;
}

/**
 * Check in by tap: the admin holds the phone to the chip in hand. With Web NFC the tag's link is read
 * here; otherwise the phone opens the link, and the admin pastes it. The server checks the tap is fresh,
 * verified and of this very chip.
 */
function CheckInDialog({ intake, onClose }: { intake: AdminVaultIntake; onClose: () => void }) {
  const toast = useToast();
  const checkIn = useIntakeChip();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const Reader = ndefReader();
  useEffect(() => () => abort.current?.abort(), []);

  async function submit(tapUrl: string) {
    setError(null);
    try {
      await checkIn.mutateAsync({ chipId: intake.chipId, input: { url: tapUrl.trim() } });
      toast({ title: 'Checked into the vault', description: intake.chipTitle });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'The check-in failed. Tap the chip again.'));
    }
  }

  async function readTag() {
    if (!Reader) return;
    setError(null);
    abort.current?.abort();
    abort.current = new AbortController();
    const reader = new Reader();
    reader.addEventListener('reading', (event) => {
      const record = (event as unknown as NdefReading).message.records.find((r) => r.recordType === 'url');
      if (!record?.data) return;
      abort.current?.abort();
      setIsReading(false);
      const tapped = new TextDecoder().decode(record.data);
      setUrl(tapped);
      void submit(tapped);
    });
    try {
      setIsReading(true);
      await reader.scan({ signal: abort.current.signal });
    } catch (err) {
      setIsReading(false);
      setError(errorMessage(err, 'This phone cannot read the tag here: paste the link it opens instead.'));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) {
      setError(`Tap the ${BRAND.name}, then paste the link it opened.`);
      return;
    }
    void submit(url);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Check in ${intake.chipTitle}`}
      description={`Reference ${intake.reference}. Only a fresh tap of this very ${BRAND.name} checks it in.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {Reader && (
          <Button type="button" className="w-full" onClick={() => void readTag()} disabled={isReading}>
            {isReading ? `Hold the phone to the ${BRAND.name}…` : 'Read the tag with this phone'}
          </Button>
        )}
        <TextField
          label="Tapped link"
          hint={`Hold a phone to the ${BRAND.name} and paste the link it opens.`}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          autoComplete="off"
          inputMode="url"
        />
        <FormAlert>{error}</FormAlert>
        <Button type="submit" className="w-full" disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Checking…' : 'Check in'}
        </Button>
      </form>
    </Dialog>
  );
}

/** Refuse a parcel, with a reason the owner reads. */
function RefuseDialog({ intake, onClose }: { intake: AdminVaultIntake; onClose: () => void }) {
  const toast = useToast();
  const refuse = useIntakeChip();
  const [choice, setChoice] = useState<keyof typeof VAULT_REFUSAL_REASONS | 'other'>('another_chip');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const reason = choice === 'other' ? other.trim() : VAULT_REFUSAL_REASONS[choice];
    try {
      await refuse.mutateAsync({ chipId: intake.chipId, input: { refuse: reason } });
      toast({ title: 'Parcel refused', description: intake.chipTitle });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not refuse the parcel. Please try again.'));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Refuse ${intake.chipTitle}`}
      description={`Reference ${intake.reference}. @${intake.ownerUsername} is e-mailed the reason.`}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-900">Why</legend>
          {(Object.entries(VAULT_REFUSAL_REASONS) as [keyof typeof VAULT_REFUSAL_REASONS, string][]).map(
            ([value, label]) => (
              <label key={value} className="flex items-start gap-2 text-sm text-gray-800">
                <input
                  type="radio"
                  name="refusal"
                  className="mt-1"
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                />
                {label}
              </label>
            ),
          )}
          <label className="flex items-start gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="refusal"
              className="mt-1"
              checked={choice === 'other'}
              onChange={() => setChoice('other')}
            />
            Another reason
          </label>
        </fieldset>
        {choice === 'other' && (
          <TextField label="The reason" value={other} onChange={(e) => setOther(e.target.value)} />
        )}
        <FormAlert>{error}</FormAlert>
        <Button type="submit" variant="danger" className="w-full" disabled={refuse.isPending}>
          {refuse.isPending ? 'Refusing…' : 'Refuse the parcel'}
        </Button>
      </form>
    </Dialog>
  );
}

/** Parcels coming back to the vault (issue 28): mark one arrived, check it in by tap, or refuse it. */
export function VaultIntakeTab() {
  const toast = useToast();
  const query = useVaultIntakes();
  const received = useMarkIntakeReceived();
  const [open, setOpen] = useState<{ kind: 'check-in' | 'refuse'; intake: AdminVaultIntake } | null>(null);
  const rows = query.data ?? [];

  function markReceived(intake: AdminVaultIntake) {
    received.mutate(intake.chipId, {
      onSuccess: () => toast({ title: 'Marked arrived', description: intake.chipTitle }),
      onError: (err) =>
        toast({
          title: 'Update Failed',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Vault Intake</h2>
      <p className="text-sm text-gray-700">
        {BRAND.plural} their owners are sending back. Check one in only with a tap of it in your hand.
      </p>
      <ListState
        isPending={query.isPending}
        error={query.error}
        errorMessage="Failed to fetch the parcels on their way in"
        isEmpty={rows.length === 0}
        emptyText={`No ${BRAND.plural} on their way to the vault.`}
      >
        <AdminTable caption="Parcels on their way to the vault">
          <thead className="bg-gray-50">
            <tr>
              <th className={TH}>{BRAND.name}</th>
              <th className={TH}>Owner</th>
              <th className={TH}>Reference</th>
              <th className={TH}>State</th>
              <th className={TH}>Asked</th>
              <th className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {rows.map((intake) => (
              <tr key={intake.id}>
                <td className={TD}>
                  <span className="font-medium text-gray-900">{intake.chipTitle}</span>
                  {intake.chipUnitId && (
                    <span className="block text-xs text-gray-700">{intake.chipUnitId}</span>
                  )}
                </td>
                <td className={TD}>@{intake.ownerUsername}</td>
                <td className={`${TD} font-mono`}>{intake.reference}</td>
                <td className={TD}>
                  <Badge tone={intake.status === 'received' ? 'blue' : 'yellow'}>
                    {VAULT_INTAKE_STATUS_LABELS[intake.status]}
                  </Badge>
                </td>
                <td className={TD}>{formatDateTime(intake.createdAt)}</td>
                <td className={TD}>
                  <div className="flex flex-wrap gap-2">
                    {intake.status === 'awaiting_arrival' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Mark ${intake.reference} arrived`}
                        disabled={received.isPending}
                        onClick={() => markReceived(intake)}
                      >
                        Arrived
                      </Button>
                    )}
                    <Button
                      size="sm"
                      aria-label={`Check in ${intake.reference} by tap`}
                      onClick={() => setOpen({ kind: 'check-in', intake })}
                    >
                      Check in by tap
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Refuse ${intake.reference}`}
                      onClick={() => setOpen({ kind: 'refuse', intake })}
                    >
                      Refuse
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      </ListState>
      {open?.kind === 'check-in' && <CheckInDialog intake={open.intake} onClose={() => setOpen(null)} />}
      {open?.kind === 'refuse' && <RefuseDialog intake={open.intake} onClose={() => setOpen(null)} />}
    </div>
  );
}
