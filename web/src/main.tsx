// The theme goes first so the page never renders in the wrong colours.
import './lib/apply-initial-theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchCurrentUser } from './features/auth/api/fetch-current-user';
import { getSessionToken } from './lib/session';
import { Boot } from './app/boot';
import { loadFullApp } from './app/load-full-app';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Anywhere but a signed-out /cust the whole app is needed: fetch it beside the question.
if (window.location.pathname !== '/cust' || getSessionToken()) void loadFullApp().catch(() => {});

// index.html shows the spinner until then. A failed question (server down) leaves the
// visitor signed out; signing in reports it.
void fetchCurrentUser()
  .catch(() => null)
  .then((startupMe) =>
    createRoot(root).render(
      <StrictMode>
        <Boot startupMe={startupMe} />
      </StrictMode>,
    ),
  );
