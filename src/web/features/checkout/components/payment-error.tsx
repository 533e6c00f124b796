import { useNavigate } from '#web/lib/router.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** Spec §2: 'Payment Error' / 'Invalid payment parameters. Please try again.' with Go Back. */
export function PaymentParamsError() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <div role="alert" className="rounded-xl border border-red-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-gray-900">Payment Error</h1>
        <p className="mt-2 text-gray-800">Invalid payment parameters. Please try again.</p>
        <Button className="mt-6" onClick={() => void navigate(-1)}>
          Go Back
        </Button>
      </div>
    </div>
  );
}
