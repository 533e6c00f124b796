import { Navigate, useLocation, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { LogOut } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { adminLoginPathFor, readAdminName, useIsAdminSignedIn } from '../lib/admin-session.ts';
import { useLogoutAdmin } from '../api/logout-admin.ts';
import { OverviewTab } from '../components/overview-tab.tsx';
import { CustomersTab } from '../components/customers-tab.tsx';
import { OrdersTab } from '../components/orders-tab.tsx';
import { ChipsTab } from '../components/chips-tab.tsx';
import { AffiliatesTab } from '../components/affiliates-tab.tsx';
import { PayoutsTab } from '../components/payouts-tab.tsx';
import { AccountingTab } from '../components/accounting-tab.tsx';
import { EmailListTab } from '../components/email-list-tab.tsx';
import { SettingsTab } from '../components/settings-tab.tsx';
import { MailLogTab, MessagesTab } from '../components/inbox-tab.tsx';
import { JobsTab } from '../components/jobs-tab.tsx';
import { AuditTab } from '../components/audit-tab.tsx';
import { VaultIntakeTab } from '../components/vault-intake-tab.tsx';
import { CasesTab } from '../components/cases-tab.tsx';
import { DisputesTab } from '../components/disputes-tab.tsx';
import { AdminTwoFactorGate } from '../components/admin-two-factor-gate.tsx';

const TABS = [
  { value: 'overview', label: 'Overview', content: <OverviewTab /> },
  { value: 'customers', label: 'Customers', content: <CustomersTab /> },
  { value: 'orders', label: 'Orders', content: <OrdersTab /> },
  { value: 'artchips', label: BRAND.plural, content: <ChipsTab /> },
  { value: 'intake', label: 'Vault Intake', content: <VaultIntakeTab /> },
  { value: 'cases', label: 'Cases', content: <CasesTab /> },
  { value: 'disputes', label: 'Disputes', content: <DisputesTab /> },
  { value: 'affiliates', label: 'Affiliates', content: <AffiliatesTab /> },
  { value: 'payouts', label: 'Payouts', content: <PayoutsTab /> },
  { value: 'accounting', label: 'Accounting', content: <AccountingTab /> },
  { value: 'email-list', label: 'Email List', content: <EmailListTab /> },
  { value: 'settings', label: 'Settings', content: <SettingsTab /> },
  { value: 'messages', label: 'Messages', content: <MessagesTab /> },
  { value: 'mail', label: 'Mail Log', content: <MailLogTab /> },
  { value: 'jobs', label: 'Jobs', content: <JobsTab /> },
  { value: 'audit', label: 'Audit Log', content: <AuditTab /> },
];

/**
 * The one admin application (PRODUCT.md), served at /admin, /secret-admin-portal and
 * /siteadmin/dashboard. Rights are checked by the server on every call; without a stored admin record
 * the page sends the visitor to the matching log-in.
 */
export default function AdminPage() {
  usePageTitle('Admin Dashboard');
  const isSignedIn = useIsAdminSignedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const logout = useLogoutAdmin();
  const loginPath = adminLoginPathFor(location.pathname);
  if (!isSignedIn) return <Navigate to={loginPath} replace />;

  const tab = TABS.some((t) => t.value === params.get('tab')) ? params.get('tab')! : 'overview';
  const name = readAdminName();
  const signOut = async () => {
    await logout.mutateAsync();
    void navigate(loginPath, { replace: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-gray-900">Admin Dashboard</h1>
          {name && <p className="text-sm text-gray-700">Signed in as {name}</p>}
        </div>
        <Button variant="secondary" onClick={() => void signOut()} disabled={logout.isPending}>
          <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
        </Button>
      </div>
      <AdminTwoFactorGate>
        <Tabs
          label="Admin sections"
          items={TABS}
          value={tab}
          onValueChange={(value) => setParams(value === 'overview' ? {} : { tab: value }, { replace: true })}
        />
      </AdminTwoFactorGate>
    </div>
  );
}
