// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ShippingAddress } from '#shared/addresses.schemas.ts';
import { mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { AddressFormDialog, type CheckedAddress } from './address-form-dialog.tsx';

afterEach(cleanup);

const SAVED: ShippingAddress = {
  id: 7,
  name: 'Ada Lovelace',
  addressLine1: '1 Main St',
  addressLine2: null,
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'US',
  phone: null,
  isDefault: true,
  createdAt: '2030-01-01T00:00:00.000Z',
};

/** The dialog behind an "Open" button, as the address book and ship-to-me use it. */
function Harness(props: { address?: ShippingAddress; onSave: (input: CheckedAddress) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <AddressFormDialog open={open} onOpenChange={setOpen} address={props.address} onSave={props.onSave} />
    </>
  );
}

function setup(address?: ShippingAddress) {
  mockApi({});
  const onSave = vi.fn(async (_input: CheckedAddress) => true);
  renderWithApp(<Harness address={address} onSave={onSave} />);
  return { user: userEvent.setup(), onSave };
}

async function open(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return within(await screen.findByRole('dialog', { name: title }));
}

describe('AddressFormDialog', () => {
  it('forgets what was typed when cancelled: it opens again as saved', async () => {
    const { user, onSave } = setup(SAVED);
    let dialog = await open(user, 'Edit Shipping Address');
    await user.selectOptions(dialog.getByLabelText('Country'), 'GB');
    await user.clear(dialog.getByLabelText('City'));
    await user.type(dialog.getByLabelText('City'), 'London');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await open(user, 'Edit Shipping Address');
    expect(dialog.getByLabelText<HTMLSelectElement>('Country').value).toBe('US');
    expect(dialog.getByLabelText<HTMLInputElement>('City').value).toBe('Springfield');
    expect(dialog.getByLabelText<HTMLSelectElement>('State / Province').value).toBe('IL');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks France for no state, and sends the address as the schema stores it', async () => {
    const { user, onSave } = setup();
    const dialog = await open(user, 'Add Shipping Address');
    await user.selectOptions(dialog.getByLabelText('Country'), 'FR');
    expect(dialog.queryByLabelText('State / Province')).toBeNull();
    await user.type(dialog.getByLabelText('Full name'), 'Amélie Poulain');
    await user.type(dialog.getByLabelText('Address line 1'), '15 Rue des Trois Frères');
    await user.type(dialog.getByLabelText('City'), 'Paris');
    await user.type(dialog.getByLabelText('ZIP / Postal code'), '75018');
    await user.click(dialog.getByRole('button', { name: 'Add Address' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      country: 'FR',
      state: '',
      zipCode: '75018',
      city: 'Paris',
    });
  });

  it('asks Canada for a province from its list and a valid postal code', async () => {
    const { user, onSave } = setup();
    const dialog = await open(user, 'Add Shipping Address');
    await user.selectOptions(dialog.getByLabelText('Country'), 'CA');
    await user.type(dialog.getByLabelText('Full name'), 'Cal Maple');
    await user.type(dialog.getByLabelText('Address line 1'), '24 Sussex Dr');
    await user.type(dialog.getByLabelText('City'), 'Ottawa');
    await user.type(dialog.getByLabelText('ZIP / Postal code'), '12345');
    await user.click(dialog.getByRole('button', { name: 'Add Address' }));
    expect(await dialog.findByText('State is required')).toBeTruthy();
    expect(dialog.getByText('Enter a valid ZIP or postal code for Canada')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(dialog.getByLabelText('State / Province'), 'ON');
    await user.clear(dialog.getByLabelText('ZIP / Postal code'));
    await user.type(dialog.getByLabelText('ZIP / Postal code'), 'k1m 1m4');
    await user.click(dialog.getByRole('button', { name: 'Add Address' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ country: 'CA', state: 'ON', zipCode: 'K1M 1M4' });
  });
});
