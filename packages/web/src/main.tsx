import './app/no-eval';
import './app/styles/login-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/Root';
import { installChunkReloadListener } from './app/chunk-reload';
import { holdModalEvents } from './app/overlays/modal-events';
import './i18n/i18n';

installChunkReloadListener();
holdModalEvents();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root startOnLogin={window.location.pathname.replace(/\/+$/, '') === '/pos/login'} />
  </StrictMode>,
);
