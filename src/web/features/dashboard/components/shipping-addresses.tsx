import { useState } from 'react';
import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { countryName, normalizeCountryCode } from '#shared/address-format.ts';
import type { ShippingAddress, ShippingAddressInput } from '#shared/addresses.schemas.ts';
import { AddressLines } from '#web/components/address-lines.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCreateShippingAddress } from '#web/lib/api/create-shipping-address.ts';
import { useDeleteShippingAddress } from '../api/delete-shipping-address.ts';
import { useShippingAddresses } from '#web/lib/api/list-shipping-addresses.ts';
import { useUpdateShippingAddress } from '../api/update-shipping-address.ts';
import { AddressFormDialog, addressFormValues } from '#web/components/address-form-dialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; address: ShippingAddress } | null;

/** The user's shipping addresses: add, edit, delete and choose the default (spec §2 Profile). */
export function ShippingAddresses() {
  const toast = useToast();
  const addresses = useShippingAddresses();
  const create = useCreateShippingAddress();
  const update = useUpdateShippingAddress();
  const remove = useDeleteShippingAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ShippingAddress | null>(null);

  const fail = (title: string, err: unknown) =>
    toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });

  const save = async (input: ShippingAddressInput): Promise<boolean> => {
    try {
      if (editing?.mode === 'edit') {
        await update.mutateAsync({ id: editing.address.id, input });
        toast({ title: 'Address Updated', description: 'Your shipping address has been saved.' });
      } else {
        await create.mutateAsync(input);
        toast({ title: 'Address Added', description: 'Your shipping address has been saved.' });
      }
      return true;
    } catch (err) {
      fail(
        editing?.mode === 'edit' ? 'Failed to update shipping address' : 'Failed to add shipping address',
        err,
      );
      return false;
    }
  };

  const makeDefault = (address: ShippingAddress) =>
    update.mutate(
      { id: address.id, input: { ...addressFormValues(address), isDefault: true } },
      {
        onSuccess: () =>
          toast({
            title: 'Default Address Set',
            description: `${address.name} is now your default address.`,
          }),
        onError: (err) => fail('Failed to update shipping address', err),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Address Deleted', description: 'The shipping address was removed.' }),
      onError: (err) => fail('Failed to delete shipping address', err),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section aria-labelledby="addresses-heading" className="rounded-xl border border-gray-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-heading" className="text-lg font-semibold text-gray-900">
          Shipping Addresses
        </h2>
        <Button size="sm" onClick={() => setEditing({ mode: 'add' })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Address
        </Button>
      </div>

      <div className="mt-4">
        {addresses.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        ) : addresses.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load your shipping addresses.
          </p>
        ) : addresses.data.length === 0 ? (
          <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
            <MapPin className="mx-auto h-8 w-8 text-gray-700" aria-hidden="true" />
            <p className="mt-2 font-medium text-gray-900">No shipping addresses yet</p>
            <p className="mt-1 text-sm text-gray-700">
              Add an address to ship your Artchips to you faster at checkout.
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {addresses.data.map((address) => (
              <li key={address.id} className="flex flex-col rounded-lg border border-gray-200 p-4">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium text-gray-900">{address.name}</p>
                  {address.isDefault && <Badge tone="brand">Default</Badge>}
                </div>
                <address className="mt-1 text-sm text-gray-700 not-italic">
                  <AddressLines address={address} show={{ name: false, country: false }} />
                  <br />
                  <CountryLine country={address.country} />
                  {address.phone && (
                    <>
                      <br />
                      {address.phone}
                    </>
                  )}
                </address>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Edit ${address.name}`}
                    onClick={() => setEditing({ mode: 'edit', address })}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  {!address.isDefault && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Set ${address.name} as default`}
                      disabled={update.isPending}
                      onClick={() => makeDefault(address)}
                    >
                      <Star className="h-4 w-4" aria-hidden="true" />
                      Set as default
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${address.name}`}
                    onClick={() => setDeleting(address)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      <AddressFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        address={editing?.mode === 'edit' ? editing.address : undefined}
        onSave={save}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this address?"
        description={deleting ? `${deleting.name}, ${deleting.addressLine1}, ${deleting.city}` : undefined}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

/** The country's name; an old address saved without one ("other") asks to be edited. */
function CountryLine({ country }: { country: string }) {
  const code = normalizeCountryCode(country);
  if (code) return <>{countryName(code)}</>;
  return <span className="font-medium text-red-800">Country not set: edit this address to ship to it</span>;
}
