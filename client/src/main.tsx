import './app/boot';
import './app/fonts.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './app/App';
import { installWindowErrorReload } from './app/windowErrorReload';

installWindowErrorReload();

// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser in between, instead of in one long task that keeps a slow phone from reacting.
startTransition(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
