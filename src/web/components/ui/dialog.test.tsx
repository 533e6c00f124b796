// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Dialog } from './dialog.tsx';

afterEach(cleanup);

/** A button that opens a dialog, as the app's controlled dialogs do (no Radix Dialog.Trigger). */
function Opener({ label = 'Open details' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Details">
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  );
}

describe('Dialog focus', () => {
  it('returns focus to the button that opened it when Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns focus there after the close button or an action inside closes it too', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open details' });

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns to the first opener when one dialog hands over to the next', async () => {
    function Chain() {
      const [step, setStep] = useState<'none' | 'create' | 'checkout'>('none');
      const close = (open: boolean) => !open && setStep('none');
      return (
        <>
          <button type="button" onClick={() => setStep('create')}>
            Mint
          </button>
          <Dialog open={step === 'create'} onOpenChange={close} title="Create">
            <button type="button" onClick={() => setStep('checkout')}>
              Proceed
            </button>
          </Dialog>
          <Dialog open={step === 'checkout'} onOpenChange={close} title="Checkout">
            <p>Pay</p>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Chain />);
    const mint = screen.getByRole('button', { name: 'Mint' });
    await user.click(mint);
    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
    await waitFor(() => expect(checkout.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(mint));
  });
});
