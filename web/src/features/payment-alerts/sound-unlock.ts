/**
 * The page's one AudioContext, and whether the browser lets it play. Browsers allow sound
 * only after a tap on each page load: a context made before one stays `suspended`. A tap
 * anywhere (or on the "Turn on sound" bar) makes or resumes it; after a sign-in typed on
 * this page the browser already counts one, so the context is made at once.
 */
import { useEffect, useSyncExternalStore } from 'react';

type AudioContextClass = typeof AudioContext;

const listeners = new Set<() => void>();
let context: AudioContext | null = null;

const emit = () => {
  for (const listener of listeners) listener();
};

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
}

/** The context, made on first use; null where the browser has no Web Audio. */
export function soundContext(): AudioContext | null {
  if (context) return context;
  const AudioContextClass = audioContextClass();
  if (!AudioContextClass) return null;
  try {
    context = new AudioContextClass();
  } catch {
    return null;
  }
  context.addEventListener('statechange', emit);
  emit();
  return context;
}

/** Called from a tap: starts the audio and loads the voices, so the next payment is heard. */
export function unlockSound(): void {
  const audio = soundContext();
  if (audio && audio.state !== 'running') void audio.resume().then(emit, () => {});
  // Asking for the voices makes the browser load them before the first sentence.
  if (typeof speechSynthesis !== 'undefined') speechSynthesis.getVoices();
}

const soundState = () => (audioContextClass() ? (context?.state ?? 'none') : 'unsupported');

/** True while sound is wanted and the browser has not yet been allowed to play it. */
export function useSoundLocked(wanted: boolean): boolean {
  const state = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    soundState,
    soundState,
  );
  useEffect(() => {
    if (!wanted || state === 'unsupported' || state === 'running') return;
    // A sign-in typed on this page already counts as the tap.
    if ((navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive) unlockSound();
    const onGesture = () => unlockSound();
    document.addEventListener('pointerdown', onGesture, true);
    document.addEventListener('keydown', onGesture, true);
    return () => {
      document.removeEventListener('pointerdown', onGesture, true);
      document.removeEventListener('keydown', onGesture, true);
    };
  }, [wanted, state]);
  return wanted && state !== 'unsupported' && state !== 'running';
}

/** Forgets the context, so each test starts from a fresh page load. */
export function resetSoundForTests(): void {
  context = null;
  emit();
}
