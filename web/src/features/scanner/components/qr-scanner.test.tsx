import { I18nProvider } from '@lingui/react';
import { act, render as renderBare, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { scannerRecordKey } from '@/features/scanner/scanner-record';
import { QrScanner } from './qr-scanner';

// The scanner reads its texts through Lingui, as it does inside the app's providers.
const WithI18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
const render = (ui: ReactElement) => renderBare(ui, { wrapper: WithI18n });

// A stand-in for html5-qrcode: records what the component asks of the camera and lets
// each test decide what the cameras do. Real decoding is covered by the browser journeys.
const fake = vi.hoisted(() => {
  type Success = (text: string) => void;
  const state = {
    cameras: [] as { id: string; label: string }[] | { failure: unknown },
    startError: null as unknown,
    instances: [] as FakeScanner[],
    log: [] as string[],
  };
  class FakeScanner {
    running = false;
    onSuccess: Success | null = null;
    onFailure: (() => void) | null = null;
    config: { fps: number; qrbox: (w: number, h: number) => { width: number; height: number } } | null = null;
    constructor(
      readonly elementId: string,
      readonly options: unknown,
    ) {
      if (!document.getElementById(elementId)) throw new Error(`no element ${elementId}`);
      state.instances.push(this);
    }
    static getCameras() {
      const cameras = state.cameras;
      return 'failure' in cameras ? Promise.reject(cameras.failure) : Promise.resolve(cameras);
    }
    async start(cameraId: string, config: FakeScanner['config'], onSuccess: Success, onFailure: () => void) {
      state.log.push(`start ${cameraId}`);
      if (state.startError) throw state.startError;
      this.running = true;
      this.config = config;
      this.onSuccess = onSuccess;
      this.onFailure = onFailure;
      return null;
    }
    async stop() {
      if (!this.running) throw 'Cannot stop, scanner is not running or paused.';
      state.log.push('stop');
      this.running = false;
    }
    pause() {
      state.log.push('pause');
    }
    resume() {
      state.log.push('resume');
    }
    clear() {
      if (this.running) throw 'Cannot clear while scan is ongoing, close it first.';
      state.log.push('clear');
    }
  }
  return { state, FakeScanner };
});

vi.mock('html5-qrcode', () => ({ Html5Qrcode: fake.FakeScanner }));

const front = { id: 'front-1', label: 'Front Camera' };
const back = { id: 'back-1', label: 'Back Camera (environment)' };

beforeEach(() => {
  fake.state.cameras = [front, back];
  fake.state.startError = null;
  fake.state.instances = [];
  fake.state.log = [];
});

const latest = () => fake.state.instances.at(-1)!;

describe('QrScanner', () => {
  it('starts the back camera by itself at 10 frames a second in a 250 px box', async () => {
    render(<QrScanner onDetected={() => {}} />);
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1']));
    const scanner = latest();
    expect(scanner.options).toEqual({ verbose: false, experimentalFeatures: { useBarCodeDetectorIfSupported: true } });
    expect(scanner.config!.fps).toBe(10);
    expect(scanner.config!.qrbox(640, 480)).toEqual({ width: 250, height: 250 });
    expect(scanner.config!.qrbox(60, 60)).toEqual({ width: 50, height: 50 });
    expect(JSON.parse(window.localStorage.getItem(scannerRecordKey)!)).toEqual({
      hasPermission: true,
      lastUsedCameraId: 'back-1',
    });
  });

  it('starts the camera used last when none faces back', async () => {
    const usb = { id: 'usb-1', label: 'USB Webcam' };
    fake.state.cameras = [front, usb];
    window.localStorage.setItem(scannerRecordKey, JSON.stringify({ hasPermission: true, lastUsedCameraId: 'usb-1' }));
    render(<QrScanner onDetected={() => {}} />);
    await waitFor(() => expect(fake.state.log).toEqual(['start usb-1']));
  });

  it('flips through the cameras, stopping each before starting the next', async () => {
    const user = userEvent.setup();
    render(<QrScanner onDetected={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Flip camera' }));
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1', 'stop', 'start front-1']));
    await user.click(screen.getByRole('button', { name: 'Flip camera' }));
    await waitFor(() => expect(fake.state.log.slice(3)).toEqual(['stop', 'start back-1']));
  });

  it('has no flip button with a single camera', async () => {
    fake.state.cameras = [front];
    render(<QrScanner onDetected={() => {}} />);
    await waitFor(() => expect(fake.state.log).toEqual(['start front-1']));
    expect(screen.queryByRole('button', { name: 'Flip camera' })).not.toBeInTheDocument();
  });

  it('reports the first code once and stops the camera', async () => {
    const onDetected = vi.fn();
    const user = userEvent.setup();
    render(<QrScanner onDetected={onDetected} />);
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1']));
    act(() => {
      latest().onSuccess!('first');
      latest().onSuccess!('second');
    });
    expect(onDetected).toHaveBeenCalledTimes(1);
    expect(onDetected).toHaveBeenCalledWith('first');
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1', 'stop']));
    await user.click(await screen.findByRole('button', { name: 'Scan again' }));
    await waitFor(() => expect(fake.state.log.at(-1)).toBe('start back-1'));
    act(() => latest().onSuccess!('third'));
    expect(onDetected).toHaveBeenLastCalledWith('third');
  });

  it('passes over the code it was told to ignore until a second without a code', async () => {
    const onDetected = vi.fn();
    render(<QrScanner onDetected={onDetected} ignoreText="paid" />);
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1']));
    act(() => latest().onSuccess!('paid'));
    for (let frame = 0; frame < 9; frame += 1) act(() => latest().onFailure!());
    act(() => latest().onSuccess!('paid'));
    expect(onDetected).not.toHaveBeenCalled();
    for (let frame = 0; frame < 10; frame += 1) act(() => latest().onFailure!());
    act(() => latest().onSuccess!('paid'));
    expect(onDetected).toHaveBeenCalledWith('paid');
  });

  it('reads a different code at once while ignoring another', async () => {
    const onDetected = vi.fn();
    render(<QrScanner onDetected={onDetected} ignoreText="paid" />);
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1']));
    act(() => latest().onSuccess!('paid'));
    act(() => latest().onSuccess!('other'));
    expect(onDetected).toHaveBeenCalledTimes(1);
    expect(onDetected).toHaveBeenCalledWith('other');
  });

  it('stops and then clears the camera when unmounted, even after a detection', async () => {
    const { unmount } = render(<QrScanner onDetected={() => {}} />);
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1']));
    act(() => latest().onSuccess!('code'));
    unmount();
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1', 'stop', 'clear']));
  });

  it('releases the first camera under StrictMode double mounting', async () => {
    const { unmount } = render(
      <StrictMode>
        <QrScanner onDetected={() => {}} />
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Flip camera' })).toBeInTheDocument());
    unmount();
    await waitFor(() => expect(fake.state.instances.every((scanner) => !scanner.running)).toBe(true));
  });

  it('pauses while the page is hidden and resumes after', async () => {
    render(<QrScanner onDetected={() => {}} />);
    await waitFor(() => expect(fake.state.log).toEqual(['start back-1']));
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(fake.state.log.at(-1)).toBe('pause'));
    hidden.mockReturnValue(false);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(fake.state.log.at(-1)).toBe('resume'));
    hidden.mockRestore();
  });

  it('says permission was denied and remembers it', async () => {
    fake.state.cameras = { failure: new DOMException('Permission denied', 'NotAllowedError') };
    render(<QrScanner onDetected={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Camera permission denied. Please enable camera access in your browser settings or use manual entry below.',
    );
    expect(JSON.parse(window.localStorage.getItem(scannerRecordKey)!)).toMatchObject({ hasPermission: false });
  });

  it('says no camera was found when the list is empty', async () => {
    fake.state.cameras = [];
    render(<QrScanner onDetected={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No camera found on this device. Please use manual entry below.',
    );
  });

  it('says cameras cannot be reached when listing fails', async () => {
    fake.state.cameras = { failure: 'Unable to query supported devices, unknown error.' };
    render(<QrScanner onDetected={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to access cameras on this device.');
  });

  it('says the camera could not start', async () => {
    fake.state.startError = 'Error getting userMedia, error = NotReadableError: Could not start video source';
    render(<QrScanner onDetected={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to start camera. Please try manual entry.');
  });
});
