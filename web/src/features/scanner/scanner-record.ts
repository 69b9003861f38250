/**
 * What the scanner remembers in this browser (`scannerState`, docs/product.md#qr-codes): whether
 * camera permission was granted and which camera was used last.
 */
export interface ScannerRecord {
  hasPermission: boolean;
  lastUsedCameraId: string | null;
}

export const scannerRecordKey = 'scannerState';

const emptyRecord: ScannerRecord = { hasPermission: false, lastUsedCameraId: null };

export function readScannerRecord(): ScannerRecord {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(scannerRecordKey) ?? 'null');
    if (!stored || typeof stored !== 'object') return emptyRecord;
    const { hasPermission, lastUsedCameraId } = stored as Record<string, unknown>;
    return {
      hasPermission: hasPermission === true,
      lastUsedCameraId: typeof lastUsedCameraId === 'string' ? lastUsedCameraId : null,
    };
  } catch {
    return emptyRecord;
  }
}

export function saveScannerRecord(change: Partial<ScannerRecord>): void {
  try {
    window.localStorage.setItem(scannerRecordKey, JSON.stringify({ ...readScannerRecord(), ...change }));
  } catch {
    // Storage can be full or blocked (private mode); the scanner works without it.
  }
}
