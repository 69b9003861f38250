import { describe, expect, it } from 'vitest';
import {
  canEnter,
  chooseCameraIndex,
  listingProblem,
  nextCameraIndex,
  qrboxSidePx,
  scannerMessages,
  startProblem,
} from './scanner-logic';

const front = { id: 'front-1', label: 'Front Camera' };
const back = { id: 'back-1', label: 'Back Camera' };
const environment = { id: 'env-1', label: 'camera2 0, facing environment' };
const usb = { id: 'usb-1', label: 'USB Webcam' };

describe('chooseCameraIndex', () => {
  it('prefers a camera labelled back or environment', () => {
    expect(chooseCameraIndex([front, back], null)).toBe(1);
    expect(chooseCameraIndex([front, environment], 'front-1')).toBe(1);
  });

  it('falls back to the camera used last, then to the first', () => {
    expect(chooseCameraIndex([front, usb], 'usb-1')).toBe(1);
    expect(chooseCameraIndex([front, usb], 'gone')).toBe(0);
    expect(chooseCameraIndex([front, usb], null)).toBe(0);
  });

  it('has nothing to choose from an empty list', () => {
    expect(chooseCameraIndex([], 'usb-1')).toBe(-1);
  });
});

describe('nextCameraIndex', () => {
  it('cycles through the cameras', () => {
    expect(nextCameraIndex(0, 3)).toBe(1);
    expect(nextCameraIndex(2, 3)).toBe(0);
    expect(nextCameraIndex(-1, 2)).toBe(0);
  });
});

describe('qrboxSidePx', () => {
  it('is 250 px on a large viewfinder', () => {
    expect(qrboxSidePx(640, 480)).toBe(250);
  });

  it('takes 70% of the shorter side on a small one', () => {
    expect(qrboxSidePx(300, 320)).toBe(210);
  });

  it('is never below 50 px', () => {
    expect(qrboxSidePx(60, 40)).toBe(50);
    expect(qrboxSidePx(0, 0)).toBe(50);
  });
});

describe('canEnter', () => {
  it('never pauses a scanner that has not started', () => {
    expect(canEnter('not-started', 'paused')).toBe(false);
    expect(canEnter('scanning', 'paused')).toBe(true);
    expect(canEnter('paused', 'scanning')).toBe(true);
    expect(canEnter('paused', 'not-started')).toBe(true);
    expect(canEnter('not-started', 'scanning')).toBe(true);
  });
});

describe('camera failure messages', () => {
  it('says permission was denied for NotAllowedError in any form', () => {
    expect(listingProblem(new DOMException('Permission denied', 'NotAllowedError'))).toBe('permission-denied');
    expect(startProblem('Error getting userMedia, error = NotAllowedError: Permission denied')).toBe('permission-denied');
  });

  it('says no camera was found for NotFoundError', () => {
    expect(listingProblem(new DOMException('Requested device not found', 'NotFoundError'))).toBe('no-camera');
  });

  it('says cameras cannot be reached for any other listing failure', () => {
    expect(listingProblem('Unable to query supported devices, unknown error.')).toBe('unavailable');
    expect(listingProblem(undefined)).toBe('unavailable');
  });

  it('says the camera could not start for any other start failure', () => {
    expect(startProblem(new DOMException('Could not start video source', 'NotReadableError'))).toBe('start-failed');
  });

  it('uses the product texts word for word', () => {
    expect(scannerMessages).toEqual({
      unavailable: 'Unable to access cameras on this device.',
      'permission-denied':
        'Camera permission denied. Please enable camera access in your browser settings or use manual entry below.',
      'no-camera': 'No camera found on this device. Please use manual entry below.',
      'start-failed': 'Unable to start camera. Please try manual entry.',
    });
  });
});
