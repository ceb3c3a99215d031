import './lib/zod-jitless'; // first: before any schema is built (the CSP allows no eval)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { registerServiceWorker } from './lib/service-worker';
import { installStaleChunkReload } from './lib/stale-chunks';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

installStaleChunkReload();
registerServiceWorker();
