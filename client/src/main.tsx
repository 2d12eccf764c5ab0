import './app/boot';
import './app/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './app/App';
import { installWindowErrorReload } from './app/windowErrorReload';

installWindowErrorReload();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
