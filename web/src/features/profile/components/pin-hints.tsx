/** The live feedback under new-PIN fields: whether the two match, and which rules hold. */
import { Trans } from '@lingui/react/macro';

interface PinMatchHintProps {
  /** Referenced by the confirmation field's aria-describedby. */
  id: string;
  newPin: string;
  confirmPin: string;
}

/** Whether the hint says "PINs do not match": the confirmation field is then invalid too. */
export const pinsMismatchShown = (newPin: string, confirmPin: string): boolean =>
  confirmPin.length > 0 && newPin !== confirmPin;

/** "PINs match" / "PINs do not match", once the confirmation has input. */
export function PinMatchHint({ id, newPin, confirmPin }: PinMatchHintProps) {
  if (confirmPin.length === 0) return null;
  const match = !pinsMismatchShown(newPin, confirmPin);
  return (
    <p
      id={id}
      aria-live="polite"
      className={`mt-1.5 text-sm font-medium ${match ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-600 dark:text-red-400'}`}
    >
      {match ? <Trans>PINs match</Trans> : <Trans>PINs do not match</Trans>}
    </p>
  );
}

export interface PinRequirement {
  text: string;
  met: boolean;
}

export function PinRequirements({ requirements }: { requirements: PinRequirement[] }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
      <p className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300"><Trans>PIN requirements</Trans></p>
      <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-400">
        {requirements.map((requirement) => (
          <li key={requirement.text} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[10px] ${requirement.met ? 'bg-emerald-600 text-white' : 'bg-slate-300 text-transparent dark:bg-slate-600'}`}
            >
              ✓
            </span>
            {requirement.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
