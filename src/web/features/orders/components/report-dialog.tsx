import { useState, type FormEvent } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { Chip, ChipReportStatus } from '#shared/chips.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useReportArtchip } from '../api/handover-artchip.ts';

type ReportDialogProps = {
  chip: Pick<Chip, 'id' | 'title' | 'reportStatus'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const CHOICES: { value: ChipReportStatus; label: string }[] = [
  { value: 'lost', label: 'Lost' },
  { value: 'stolen', label: 'Stolen' },
  { value: 'none', label: 'Not lost: I have it (clear the report)' },
];

/**
 * 'Report lost or stolen': every tap and the chip's page then say so, with a way to write to the owner;
 * it cannot be listed, bought, offered on or claimed until the report is cleared.
 */
export function ReportDialog({ chip, open, onOpenChange }: ReportDialogProps) {
  const toast = useToast();
  const report = useReportArtchip();
  const [status, setStatus] = useState<ChipReportStatus>(chip.reportStatus ? 'none' : 'lost');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await report.mutateAsync({ id: chip.id, status });
      toast({
        title: status === 'none' ? 'Report cleared' : `Reported ${status}`,
        description: chip.title,
      });
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, 'Failed to update the report. Please try again.'));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${chip.title}`}
      description={`Whoever taps or opens this ${BRAND.name} will see the report and can message you through ${BRAND.name}; your e-mail address stays private.`}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-900">This {BRAND.name} is</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name="report-status"
                value={choice.value}
                checked={status === choice.value}
                onChange={() => setStatus(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <FormAlert>{error}</FormAlert>
        <Button type="submit" className="w-full" disabled={report.isPending}>
          {report.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
    </Dialog>
  );
}
