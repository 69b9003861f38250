import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { UpdateBar } from './update-bar';

/** A stand-in for the browser's ServiceWorkerContainer, with one registration (jsdom has none). */
function fakeServiceWorkers({ controlled }: { controlled: boolean }) {
  const registration = Object.assign(new EventTarget(), {
    waiting: null as ServiceWorker | null,
    installing: null as ServiceWorker | null,
    update: vi.fn(async () => {}),
  });
  const container = Object.assign(new EventTarget(), { controller: controlled ? {} : null, ready: Promise.resolve(registration) });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  /** A new worker is found and installed beside the running one. */
  const install = async () => {
    const worker = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
    registration.installing = worker as unknown as ServiceWorker;
    await act(async () => {
      registration.dispatchEvent(new Event('updatefound'));
      worker.state = 'installed';
      worker.dispatchEvent(new Event('statechange'));
    });
    return worker;
  };
  return { registration, install };
}

const renderBar = () => render(<I18nProvider i18n={i18n}><UpdateBar /></I18nProvider>);

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('UpdateBar', () => {
  it('announces a new version once its worker waits, and lets it take over on Reload', async () => {
    const { install } = fakeServiceWorkers({ controlled: true });
    renderBar();
    await act(async () => {});
    expect(screen.queryByText('A new version of Khata is ready')).not.toBeInTheDocument();
    const worker = await install();
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Khata is ready');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('shows a worker already waiting when the app starts', async () => {
    const { registration } = fakeServiceWorkers({ controlled: true });
    registration.waiting = { postMessage: vi.fn() } as unknown as ServiceWorker;
    renderBar();
    expect(await screen.findByText('A new version of Khata is ready')).toBeInTheDocument();
  });

  it('says nothing about the first worker, which is no new version', async () => {
    const { install } = fakeServiceWorkers({ controlled: false });
    renderBar();
    await act(async () => {});
    await install();
    expect(screen.queryByText('A new version of Khata is ready')).not.toBeInTheDocument();
  });
});
