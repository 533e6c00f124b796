import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useParams } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import {
  AFFILIATE_CODE_MAX_LENGTH,
  CUSTOMER_USERNAME_MAX_LENGTH,
  CustomerInputSchema,
  type AdminCustomerDetail,
  type CustomerFormValues,
  type CustomerInput,
} from '#shared/admin.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useSaveCustomer } from '../api/save-customer.ts';
import { useIsAdminSignedIn } from '../lib/admin-session.ts';
import { PayoutFreezePanel } from '../components/payout-freeze-panel.tsx';
import { CheckboxField } from '../components/admin-ui.tsx';

const DASHBOARD = ROUTES.siteAdminDashboard;

/** /siteadmin/customers/:id: edit a customer, or add one when :id is "new" (spec §2, §5). */
export default function CustomerFormPage() {
  const { id: param } = useParams();
  const isSignedIn = useIsAdminSignedIn();
  const isNew = param === 'new';
  const id = isNew ? null : /^\d+$/.test(param ?? '') ? Number(param) : NaN;
  usePageTitle(isNew ? 'Add New Customer' : 'Edit Customer');
  const customer = useCustomer(id !== null && Number.isFinite(id) && isSignedIn ? id : null);

  if (!isSignedIn) return <Navigate to={ROUTES.siteAdminLogin} replace />;
  if (id !== null && !Number.isFinite(id)) return <Navigate to={DASHBOARD} replace />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-gray-900">{isNew ? 'Add New Customer' : 'Edit Customer'}</h1>
        <Button variant="secondary" asChild>
          <Link to={DASHBOARD}>Back to Dashboard</Link>
        </Button>
      </div>
      {id === null ? (
        <CustomerForm id={null} customer={null} />
      ) : customer.isPending ? (
        <p role="status" className="text-gray-700">
          Loading customer data...
        </p>
      ) : customer.error || !customer.data ? (
        <p role="alert" className="text-red-800">
          {errorMessage(customer.error, 'Failed to fetch customers')}
        </p>
      ) : (
        <div className="space-y-8">
          <PayoutFreezePanel customer={customer.data} />
          <CustomerForm id={id} customer={customer.data} />
        </div>
      )}
    </div>
  );
}

function defaultsFor(customer: AdminCustomerDetail | null): CustomerFormValues {
  return {
    email: customer?.email ?? '',
    username: customer?.username ?? '',
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    profileImageUrl: customer?.profileImageUrl ?? '',
    paypalEmail: customer?.paypalEmail ?? '',
    affiliateCode: customer?.affiliateCode ?? '',
    referredBy: customer?.referredBy === null || customer === null ? '' : String(customer.referredBy),
    isEmailVerified: customer?.isEmailVerified ?? false,
  };
}

function CustomerForm({ id, customer }: { id: number | null; customer: AdminCustomerDetail | null }) {
  const isNew = id === null;
  const save = useSaveCustomer(id);
  const toast = useToast();
  const navigate = useNavigate();
  const form = useForm<CustomerFormValues, unknown, CustomerInput>({
    resolver: zodResolver(CustomerInputSchema),
    defaultValues: defaultsFor(customer),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      const name = [saved.firstName, saved.lastName].filter(Boolean).join(' ') || saved.username;
      toast(
        isNew
          ? { title: 'Customer Created', description: `The customer (${name}) was created successfully.` }
          : { title: 'Customer Updated', description: `The customer (${name}) was updated successfully.` },
      );
      void navigate(DASHBOARD);
    } catch (err) {
      applyServerErrors(form, err);
      toast({
        title: 'Error',
        description: errorMessage(err, isNew ? 'Failed to create customer' : 'Failed to update customer'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-8" noValidate>
      <section
        aria-labelledby="basic-info"
        className="space-y-4 rounded-lg border border-gray-200 bg-white p-6"
      >
        <h2 id="basic-info" className="text-lg font-semibold text-gray-900">
          Basic Information
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Email *"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Username *"
            autoComplete="off"
            maxLength={CUSTOMER_USERNAME_MAX_LENGTH + 10}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField label="First Name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Last Name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
      </section>
      <section
        aria-labelledby="additional-settings"
        className="space-y-4 rounded-lg border border-gray-200 bg-white p-6"
      >
        <h2 id="additional-settings" className="text-lg font-semibold text-gray-900">
          Additional Settings
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Profile Image URL"
            type="url"
            error={errors.profileImageUrl?.message}
            {...register('profileImageUrl')}
          />
          <TextField
            label="PayPal Email"
            type="email"
            error={errors.paypalEmail?.message}
            {...register('paypalEmail')}
          />
          <TextField
            label="Affiliate Code"
            maxLength={AFFILIATE_CODE_MAX_LENGTH}
            hint={isNew ? 'Leave empty to generate one' : undefined}
            error={errors.affiliateCode?.message}
            {...register('affiliateCode')}
          />
          <TextField
            label="Referred By (User ID)"
            type="number"
            min={1}
            step={1}
            error={errors.referredBy?.message}
            {...register('referredBy')}
          />
        </div>
        <CheckboxField label="Email Verified" {...register('isEmailVerified')} />
      </section>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" asChild>
          <Link to={DASHBOARD}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : isNew ? 'Create Customer' : 'Update Customer'}
        </Button>
      </div>
    </form>
  );
}
