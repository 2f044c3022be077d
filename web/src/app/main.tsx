import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '../index.css';
import { startSessionCheck } from '../lib/session';
import { Providers } from './providers';
import { createRouter } from './router';

const root = document.getElementById('root');
// Spec §8: a missing root element at start-up is an error, not a blank page.
if (!root) throw new Error('Root element #root not found');

// Every page first asks who is looking: app/boot.ts has asked already (this returns its answer).
startSessionCheck();

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
