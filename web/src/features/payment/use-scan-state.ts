/** What the scan step remembers between visits: the mode, the text and the camera's last read. */
import { useState } from 'react';

export type ScanMode = 'camera' | 'manual';

export function useScanState(initialQrData?: string) {
  const [mode, setMode] = useState<ScanMode>(initialQrData ? 'manual' : 'camera');
  const [qrData, setQrData] = useState(initialQrData ?? '');
  // Back from confirm, and Done after a payment, must not read the same code again while it
  // is still in view: reading the code just paid would replace the success with a refusal.
  const [cameraRead, setCameraRead] = useState<string | undefined>(undefined);
  return {
    mode,
    setMode,
    qrData,
    setQrData,
    cameraRead,
    detected: (text: string, check: (text: string) => void) => {
      setQrData(text);
      setCameraRead(text);
      check(text);
    },
    /** After a payment: an empty box, and a camera that passes over the code just paid, however it was entered. */
    reset: (paidQrData: string) => {
      setQrData('');
      setCameraRead(paidQrData);
    },
  };
}
