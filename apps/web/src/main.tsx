import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { connectApiToRouter } from './app/api-navigation';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './styles.css';

const router = createAppRouter();

connectApiToRouter(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
