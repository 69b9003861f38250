/**
 * One run of the camera scanner, outside React: lists the cameras, starts the chosen
 * one, flips, pauses and stops. Every camera operation waits for the one before it, so
 * a quick flip, a detection and an unmount never overlap (html5-qrcode throws when it
 * is stopped twice or cleared while scanning).
 */
import type { Html5Qrcode } from 'html5-qrcode';
import { scannerFps } from '@common/limits';
import {
  canEnter,
  chooseCameraIndex,
  listingProblem,
  nextCameraIndex,
  qrboxSidePx,
  startProblem,
  type Camera,
  type ScannerProblem,
  type ScannerState,
} from './scanner-logic';
import { readScannerRecord, saveScannerRecord } from './scanner-record';

/** The part of html5-qrcode the session uses; tests give a fake. */
export interface ScannerLibrary {
  getCameras(): Promise<Camera[]>;
  create(elementId: string): Pick<Html5Qrcode, 'start' | 'stop' | 'pause' | 'resume' | 'clear'>;
}

export interface ScannerEvents {
  onCameras(cameras: readonly Camera[], activeIndex: number): void;
  onState(state: ScannerState): void;
  onProblem(problem: ScannerProblem | null): void;
  onDetected(text: string): void;
}

let html5QrcodeModule: Promise<typeof import('html5-qrcode')> | null = null;

/** The library, fetched once on first use so it stays out of the main bundle. */
export async function loadHtml5Qrcode(): Promise<ScannerLibrary> {
  html5QrcodeModule ??= import('html5-qrcode').catch((error: unknown) => {
    html5QrcodeModule = null; // A failed chunk download may succeed next time.
    throw error;
  });
  const { Html5Qrcode } = await html5QrcodeModule;
  return {
    getCameras: () => Html5Qrcode.getCameras(),
    create: (elementId) =>
      new Html5Qrcode(elementId, {
        verbose: false,
        experimentalFeatures: { useBarCodeDetectorIfSupported: true },
      }),
  };
}

export class ScannerSession {
  private engine: ReturnType<ScannerLibrary['create']> | null = null;
  private cameras: Camera[] = [];
  private activeIndex = -1;
  private state: ScannerState = 'not-started';
  private detected = false;
  private disposed = false;
  private queue: Promise<void> = Promise.resolve();
  /** Frames in a row without the ignored code; a second of them forgets it. */
  private framesWithoutIgnored = 0;

  /**
   * `ignoreText` is a code just read and still likely in view (the customer came back
   * from confirm): it is passed over until the camera has seen no code for a second or
   * has read a different one.
   */
  constructor(
    private readonly elementId: string,
    private readonly load: () => Promise<ScannerLibrary>,
    private readonly events: ScannerEvents,
    private ignoreText: string | null = null,
  ) {}

  /** Lists the cameras and starts the preferred one. */
  open(): Promise<void> {
    return this.enqueue(async () => {
      let library: ScannerLibrary;
      let cameras: Camera[];
      try {
        library = await this.load();
        if (this.disposed) return;
        cameras = await library.getCameras();
      } catch (error) {
        if (this.disposed) return;
        const problem = listingProblem(error);
        if (problem === 'permission-denied') saveScannerRecord({ hasPermission: false });
        this.events.onProblem(problem);
        return;
      }
      if (this.disposed) return;
      if (cameras.length === 0) {
        this.events.onProblem('no-camera');
        return;
      }
      // Listing asks for the camera, so a list means permission was granted.
      saveScannerRecord({ hasPermission: true });
      this.cameras = cameras;
      this.engine = library.create(this.elementId);
      await this.startAt(chooseCameraIndex(cameras, readScannerRecord().lastUsedCameraId));
    });
  }

  /** Flip camera: stops the current camera and starts the next one. */
  flip(): Promise<void> {
    return this.enqueue(async () => {
      if (this.disposed || this.cameras.length < 2) return;
      await this.stopEngine();
      await this.startAt(nextCameraIndex(this.activeIndex, this.cameras.length));
    });
  }

  /** Starts the current camera again after a detection. */
  restart(): Promise<void> {
    return this.enqueue(async () => {
      if (this.disposed || this.state !== 'not-started' || this.activeIndex < 0) return;
      await this.startAt(this.activeIndex);
    });
  }

  /** Holds the camera while the page is hidden; only a running scan can pause. */
  pause(): Promise<void> {
    return this.enqueue(async () => {
      if (this.state !== 'scanning' || !canEnter(this.state, 'paused')) return;
      try {
        this.engine?.pause(true);
        this.setState('paused');
      } catch {
        // The library refused; it keeps scanning, which is harmless.
      }
    });
  }

  resume(): Promise<void> {
    return this.enqueue(async () => {
      if (this.state !== 'paused') return;
      try {
        this.engine?.resume();
        this.setState('scanning');
      } catch {
        // Nothing to resume: leave the state as it is.
      }
    });
  }

  /** Stops the camera (if running) and then clears the library's elements. */
  dispose(): Promise<void> {
    this.disposed = true;
    return this.enqueue(async () => {
      await this.stopEngine();
      try {
        this.engine?.clear();
      } catch {
        // Already cleared.
      }
      this.engine = null;
    });
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch(() => undefined);
    return this.queue;
  }

  private setState(state: ScannerState): void {
    if (this.state === state || !canEnter(this.state, state)) return;
    this.state = state;
    if (!this.disposed) this.events.onState(state);
  }

  private async startAt(index: number): Promise<void> {
    const camera = this.cameras[index];
    if (!this.engine || !camera) return;
    this.activeIndex = index;
    this.detected = false;
    this.events.onCameras(this.cameras, index);
    this.events.onProblem(null);
    try {
      await this.engine.start(
        camera.id,
        {
          fps: scannerFps,
          qrbox: (width, height) => {
            const side = qrboxSidePx(width, height);
            return { width: side, height: side };
          },
        },
        (text) => this.handleDecoded(text),
        () => this.handleEmptyFrame(), // Called for every frame without a code: not an error.
      );
    } catch (error) {
      if (!this.disposed) this.events.onProblem(startProblem(error));
      return;
    }
    this.state = 'scanning';
    if (this.disposed) return; // dispose() is queued next and stops it.
    this.events.onState('scanning');
    saveScannerRecord({ lastUsedCameraId: camera.id });
  }

  private handleEmptyFrame(): void {
    if (this.ignoreText === null) return;
    this.framesWithoutIgnored += 1;
    if (this.framesWithoutIgnored >= scannerFps) this.ignoreText = null;
  }

  private handleDecoded(text: string): void {
    if (this.detected || this.disposed) return;
    if (text === this.ignoreText) {
      this.framesWithoutIgnored = 0;
      return;
    }
    this.ignoreText = null;
    this.detected = true;
    void this.enqueue(() => this.stopEngine());
    this.events.onDetected(text);
  }

  /** Stops a running or paused camera exactly once. */
  private async stopEngine(): Promise<void> {
    if (this.state === 'not-started' || !this.engine) return;
    this.setState('not-started');
    try {
      await this.engine.stop();
    } catch {
      // Already stopped by the library itself.
    }
  }
}
