/**
 * The decisions of the camera scanner that need no camera: which camera to start, how
 * big the scan box is, which message a failure shows and which state changes are
 * allowed (docs/product.md#qr-codes, #messages, #limits).
 */
import { t } from '@lingui/core/macro';
import { scannerBoxPxMin, scannerBoxPx } from '@common/limits';

export interface Camera {
  id: string;
  label: string;
}

/** The scanner is not started, scanning or paused. */
export type ScannerState = 'not-started' | 'scanning' | 'paused';

/** Paused cannot be entered from not started; every other change is allowed. */
export function canEnter(from: ScannerState, to: ScannerState): boolean {
  return !(from === 'not-started' && to === 'paused');
}

const rearFacing = /back|environment|rear/i;

/**
 * The index of the camera to start with: one labelled back or environment, else the
 * camera used last time, else the first. -1 when there is none.
 */
export function chooseCameraIndex(cameras: readonly Camera[], lastUsedCameraId: string | null): number {
  if (cameras.length === 0) return -1;
  const rear = cameras.findIndex((camera) => rearFacing.test(camera.label));
  if (rear >= 0) return rear;
  const lastUsed = lastUsedCameraId ? cameras.findIndex((camera) => camera.id === lastUsedCameraId) : -1;
  return lastUsed >= 0 ? lastUsed : 0;
}

/** Flip camera: the next camera, wrapping round to the first. */
export const nextCameraIndex = (current: number, count: number): number =>
  count === 0 ? -1 : (current + 1) % count;

/** Share of the viewfinder's shorter side the scan box takes. */
const boxShareOfViewfinder = 0.7;

/** The side of the square scan box: 250 px, less on a small viewfinder, never below 50 px. */
export function qrboxSidePx(viewfinderWidthPx: number, viewfinderHeightPx: number): number {
  const fitting = Math.floor(Math.min(viewfinderWidthPx, viewfinderHeightPx) * boxShareOfViewfinder);
  return Math.max(scannerBoxPxMin, Math.min(scannerBoxPx, fitting));
}

export type ScannerProblem = 'unavailable' | 'permission-denied' | 'no-camera' | 'start-failed';

/**
 * The camera messages of docs/product.md#messages, word for word. Getters: each read gives the text in the
 * language the app speaks at that moment, not the one active when this module loaded.
 */
export const scannerMessages: Record<ScannerProblem, string> = {
  get unavailable() {
    return t`Unable to access cameras on this device.`;
  },
  get 'permission-denied'() {
    return t`Camera permission denied. Please enable camera access in your browser settings or use manual entry below.`;
  },
  get 'no-camera'() {
    return t`No camera found on this device. Please use manual entry below.`;
  },
  get 'start-failed'() {
    return t`Unable to start camera. Please try manual entry.`;
  },
};

/** The text of an error as html5-qrcode reports it: a DOMException, an Error or a string. */
function describe(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return `${typeof name === 'string' ? name : ''}: ${typeof message === 'string' ? message : ''}`;
  }
  return '';
}

const permissionPattern = /NotAllowedError|PermissionDeniedError|SecurityError|permission/i;
const noCameraPattern = /NotFoundError|DevicesNotFoundError|OverconstrainedError|device not found/i;

/** The problem to show when listing the cameras failed. */
export function listingProblem(error: unknown): ScannerProblem {
  const text = describe(error);
  if (permissionPattern.test(text)) return 'permission-denied';
  if (noCameraPattern.test(text)) return 'no-camera';
  return 'unavailable';
}

/** The problem to show when a listed camera would not start. */
export function startProblem(error: unknown): ScannerProblem {
  return permissionPattern.test(describe(error)) ? 'permission-denied' : 'start-failed';
}
