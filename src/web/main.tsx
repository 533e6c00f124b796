// First: configures zod before any module parses with it.
import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useEffect, useRef } from 'react';
import { BrowserRouter, useLocation } from '#web/lib/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { decodeState, hydrateFromServer, SSR_STATE_ID } from './app/ssr-state.ts';
import './styles.css';

const queryClient = createQueryClient();
let onFirstNavigation = () => {};

/** Calls onFirstNavigation when the location first changes (renders nothing). */
function NavigationWatch() {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) onFirstNavigation();
  }, [key]);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <NavigationWatch />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

const root = document.getElementById('root')!;
const state = document.getElementById(SSR_STATE_ID)?.textContent;
if (state) {
  // A public page the server rendered: take over its HTML with the data it was rendered from.
  onFirstNavigation = hydrateFromServer(queryClient, decodeState(state)).onNavigate;
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it
  // for the whole page (Lighthouse's total blocking time); input still hydrates what it touches first.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
