// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useAuth } from '#web/lib/auth.tsx';
import { useLocation } from '#web/lib/router.tsx';
import { hasSessionMarker } from '#web/lib/session-marker.ts';
import { buildUser, mockApi, renderWithApp, type ApiReply } from '#web/lib/testing.tsx';
import MyOrdersPage from './my-orders-page.tsx';

afterEach(cleanup);

const UNAUTHORIZED: ApiReply = { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Unauthorized' } };

/** An answer the test gives when it chooses. */
function later() {
  let give!: () => void;
  const given = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { give, given };
}

function renderPage() {
  return renderWithApp(<MyOrdersPage />, { route: '/my-orders', path: '/my-orders', token: 't' });
}

describe('MyOrdersPage', () => {
  it('sends a signed-in user whose session ended on the server to log in, coming back here after', async () => {
    const ordersAnswer = later();
    mockApi({
      'GET /api/auth/user': () => ({ body: buildUser() }),
      'GET /api/my-orders': async () => {
        await ordersAnswer.given;
        return UNAUTHORIZED;
      },
    });
    const { history } = renderPage();
    expect(await screen.findByText('maker@example.com')).toBeTruthy();
    ordersAnswer.give();
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(history.location.search).toBe('?next=%2Fmy-orders');
    expect(hasSessionMarker()).toBe(false);
  });

  it('does not let a read of the user begun before the session ended sign the page back in', async () => {
    const userAnswer = later();
    mockApi({
      'GET /api/auth/user': async () => {
        await userAnswer.given;
        return { body: buildUser() };
      },
      'GET /api/my-orders': () => UNAUTHORIZED,
    });
    // The page, and on every page who the header thinks is signed in.
    function App() {
      const { user, isLoading } = useAuth();
      const location = useLocation();
      return (
        <>
          {location.pathname === '/my-orders' && <MyOrdersPage />}
          <p>{isLoading ? 'asking' : `signed in: ${user?.username ?? 'nobody'}`}</p>
        </>
      );
    }
    const { history } = renderWithApp(<App />, { route: '/my-orders', token: 't' });
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(screen.getByText('signed in: nobody')).toBeTruthy();
    userAnswer.give();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('signed in: nobody')).toBeTruthy();
    expect(history.location.pathname).toBe('/login');
  });
});
