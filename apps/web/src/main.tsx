import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startSessionSync } from './app/session-sync';
import { startBrowserSessionRefresh } from './features/auth/browser-session-refresh';
import { sessionStore } from './kit/session/session';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

startSessionSync();
// Staff stay signed in while the app is open: the session is refreshed shortly before its token expires.
startBrowserSessionRefresh();
// A sessionStorage session lives in one tab: a new tab first asks the open ones for it (briefly).
void sessionStore.requestFromOtherTabs(150).finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
