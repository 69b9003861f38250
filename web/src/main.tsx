// The theme goes first so the page never renders in the wrong colours.
import './lib/apply-initial-theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activate, activateEnglishFallback, startingLanguage } from './i18n/i18n';
import { fetchCurrentUser } from './features/auth/api/fetch-current-user';
import { forgetOfflineFigures, getSessionToken, sessionChangedSinceShown, storedSessionRole } from './lib/session';
import { loadErrorMessages } from './lib/api-client';
import { isOffline } from './lib/connection';
import { registerServiceWorker } from './lib/register-service-worker';
import { reloadOnPreloadError } from './lib/preload-error';
import { Boot } from './app/boot';
import { loadFullApp } from './app/load-full-app';
import './index.css';

// A lazy chunk gone after a deploy reloads the page once, onto the new build.
reloadOnPreloadError();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Anywhere but a signed-out /cust the whole app is needed: fetch it beside the question.
// With a session stored, its role's app too: the home then waits for neither in turn.
if (window.location.pathname !== '/cust' || getSessionToken()) void loadFullApp().catch(() => {});
// (The loaders' lists of chunks stay out of the first download: /cust carries none of them.)
const storedRole = storedSessionRole();
if (storedRole) void import('./app/load-role-app').then((m) => m.preloadRoleApp(storedRole)).catch(() => {});

// In Hindi or Tamil the server's refusals are shown by code in that language
// (docs/product.md#languages): their texts load at start for the login screen; a signed-in
// start loads them once its home is usable (app/full-app.tsx), and a refusal waits for them
// anyway (lib/api-client.ts).
if (startingLanguage() !== 'en' && !getSessionToken()) void loadErrorMessages().catch(() => {});

// index.html shows the spinner until then. A question that found no server (the shell came
// from the service worker's cache) shows the offline screen, which asks again (docs/product.md#offline);
// any other failure leaves the visitor signed out, and signing in reports it. The login
// screen's texts in the starting language load beside it; should they fail to
// load, it renders in English.
void Promise.all([fetchCurrentUser().catch(() => undefined), activate(startingLanguage()).catch(activateEnglishFallback)])
  .then(([startupMe]) => {
    // The server says nobody is signed in: figures kept for a session that ended meanwhile go.
    if (startupMe === null) forgetOfflineFigures();
    createRoot(root).render(
      <StrictMode>
        <Boot startupMe={startupMe ?? null} unreachable={startupMe === undefined && isOffline()} />
      </StrictMode>,
    );
  });

registerServiceWorker();

// A page's screens belong to the session it showed. After a sign-out (or another sign-in)
// they must not stay in view: a page the browser brings back from its back/forward cache
// on Back, or one open in another tab, starts again instead and asks the server who is
// signed in, before anything of it is seen or sent with the old session.
const restartIfSessionChanged = () => {
  if (!sessionChangedSinceShown()) return;
  document.body.hidden = true;
  window.location.reload();
};
window.addEventListener('pageshow', (event) => {
  if (event.persisted) restartIfSessionChanged();
});
window.addEventListener('storage', restartIfSessionChanged);
