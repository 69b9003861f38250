/** What the scan step remembers between visits: the mode, the text and the camera's last read. */
import { useState } from 'react';

export type ScanMode = 'camera' | 'manual';

export function useScanState(initialQrData?: string) {
  const [mode, setMode] = useState<ScanMode>(initialQrData ? 'manual' : 'camera');
  // After a payment the camera waits for a tap: the code just paid is usually still in
  // front of it, and reading it again would replace 'Payment Successful' with a refusal.
  const [cameraArmed, setCameraArmed] = useState(true);
  const [qrData, setQrData] = useState(initialQrData ?? '');
  // Back from confirm must not read the same code again while it is still in view.
  const [cameraRead, setCameraRead] = useState<string | undefined>(undefined);
  return {
    mode,
    setMode,
    cameraArmed,
    armCamera: () => setCameraArmed(true),
    qrData,
    setQrData,
    cameraRead,
    detected: (text: string, check: (text: string) => void) => {
      setQrData(text);
      setCameraRead(text);
      check(text);
    },
    /** After a payment: an empty box, and a camera that waits for a tap. */
    reset: () => {
      setQrData('');
      setCameraRead(undefined);
      setCameraArmed(false);
    },
  };
}
