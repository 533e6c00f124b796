import { Suspense, useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { LazyMintFlow } from './lazy-mint-flow.ts';

export type MintButtonProps = {
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  /** Open the mint flow with 'Surprize mint' chosen (the landing's 'Try a Surprize Mint'). */
  isSurprize?: boolean;
};

/**
 * 'Mint an Artchip'. Minting requires login (spec §5): a visitor gets the 'Login Required' dialog
 * with Create Account and Sign In; a signed-in user gets the mint flow ('Create Your Artchip'), with
 * the surprize option already chosen when `isSurprize`.
 */
export function MintButton({
  label = `Mint an ${BRAND.name}`,
  variant = 'primary',
  size = 'lg',
  className,
  isSurprize = false,
}: MintButtonProps) {
  const { isAuthenticated } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        {label}
      </Button>
      {isAuthenticated && hasOpened && (
        <Suspense fallback={null}>
          <LazyMintFlow open={isOpen} onOpenChange={setIsOpen} isSurprize={isSurprize} />
        </Suspense>
      )}
      {!isAuthenticated && (
        <Dialog
          open={isOpen}
          onOpenChange={setIsOpen}
          title="Login Required"
          description={`You must be logged in to mint ${BRAND.plural}.`}
        >
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild className="flex-1">
              <Link to={ROUTES.signup}>Create Account</Link>
            </Button>
            <Button asChild variant="secondary" className="flex-1">
              <Link to={ROUTES.login}>Sign In</Link>
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
