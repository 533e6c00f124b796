import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './lib/query-client.ts';
import { AppProviders } from './app/app-providers.tsx';
import { createRouter } from './app/router.tsx';
import { decodeState, hydrateFromServer, SSR_STATE_ID } from './app/ssr-state.ts';
import './styles.css';

const queryClient = createQueryClient();
const router = createRouter();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

const root = document.getElementById('root')!;
const state = document.getElementById(SSR_STATE_ID)?.textContent;
if (state) {
  // A public page the server rendered: take over its HTML with the data it was rendered from.
  const { onNavigate } = hydrateFromServer(queryClient, decodeState(state));
  const initialKey = router.state.location.key;
  const unsubscribe = router.subscribe((next) => {
    if (next.location.key === initialKey) return;
    onNavigate();
    unsubscribe();
  });
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
