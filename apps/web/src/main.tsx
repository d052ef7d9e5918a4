// Mantine's styles in its cascade layer: our own (CSS modules) win whatever order the chunks
// put them in (the shell's were emitted before Mantine's and lost to them).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
// The brand typeface, self-hosted (one variable file for every weight; unicode-range: a page downloads the Latin file only).
import '@fontsource-variable/inter/wght.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
