import { Suspense, useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { BRAND, ROUTES } from '#shared/brand.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useReturnHref } from '#web/lib/return-to.ts';
import { UrlActionForm, useUrlAction } from '#web/lib/url-action.tsx';
import { LazyMakeOfferDialog } from '#web/features/offers/index.ts';

/**
 * Make an offer on a chip: a visitor is asked to sign in; a signed-in user gets the offer dialog
 * (USD amount, optional message), and follows the answer in the dashboard. Render it only where the
 * viewer's chip.actions.offer allows it (never on sold, unlisted or their own chips).
 */
export function MakeOfferButton({
  chip,
  size = 'sm',
  className,
}: {
  chip: Pick<Chip, 'id' | 'title' | 'highestSaleCents' | 'creatorId' | 'ownerId'>;
  /** 'lg' beside Buy Now on the chip page, 'sm' on cards. */
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const { isAuthenticated } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const loginHref = useReturnHref(ROUTES.login);
  const signupHref = useReturnHref(ROUTES.signup);
  const open = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  const action = `offer-${chip.id}`;
  useUrlAction(action, open);
  return (
    <>
      <UrlActionForm action={action}>
        <Button type="submit" variant="secondary" size={size} className={className} onClick={open}>
          Make Offer<span className="sr-only"> on {chip.title}</span>
        </Button>
      </UrlActionForm>
      {isAuthenticated ? (
        hasOpened && (
          <Suspense fallback={null}>
            <LazyMakeOfferDialog
              chip={{
                id: chip.id,
                title: chip.title,
                highestSaleCents: chip.highestSaleCents,
                creatorId: chip.creatorId,
                ownerId: chip.ownerId,
              }}
              open={isOpen}
              onOpenChange={setIsOpen}
            />
          </Suspense>
        )
      ) : (
        <Dialog
          open={isOpen}
          onOpenChange={setIsOpen}
          title="Sign in to make an offer"
          description={`You must be signed in to make an offer on an ${BRAND.name}.`}
        >
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild className="flex-1">
              <Link to={loginHref}>Sign In</Link>
            </Button>
            <Button asChild variant="secondary" className="flex-1">
              <Link to={signupHref}>Create Account</Link>
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
