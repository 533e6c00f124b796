import { useState, type FormEvent } from 'react';
import { Link, useLocation } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { useReturnHref } from '#web/lib/return-to.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useSaveSearch } from '../api/social-api.ts';

/**
 * "Save this search" on the marketplace (issue 31): the page's own query string, saved under a name;
 * a new chip matching it is announced once.
 */
export function SaveSearchButton() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const loginHref = useReturnHref(ROUTES.login);
  const [open, setOpen] = useState(false);
  const params = new URLSearchParams(location.search);
  params.delete('cursor');
  const [name, setName] = useState('');
  const save = useSaveSearch();
  if (!isAuthenticated) {
    return (
      <Button variant="secondary" size="sm" asChild>
        <Link to={loginHref}>Save this search</Link>
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ name: name.trim() || params.get('q') || 'All chips', query: params.toString() });
  };
  const error =
    save.error instanceof ApiRequestError ? save.error.message : save.error ? 'Could not save it' : undefined;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          save.reset();
          setName(params.get('q') ?? '');
          setOpen(true);
        }}
      >
        Save this search
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Save this search"
        description="We tell you when a new chip matches it (change how on your notification settings)."
      >
        {save.isSuccess ? (
          <div className="space-y-4">
            <p role="status" className="text-sm text-gray-800">
              Saved. You will find it under My Admin, Following.
            </p>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4">
            <TextField
              label="Name"
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              error={error}
            />
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </form>
        )}
      </Dialog>
    </>
  );
}
