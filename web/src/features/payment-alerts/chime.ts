/** The payment chime: two short rising notes made with Web Audio, so no sound file ships. */

/** How long the chime lasts; the sentence starts after it. */
export const chimeMs = 600;

const notes = [
  { frequencyHz: 880, startSeconds: 0 },
  { frequencyHz: 1318.5, startSeconds: 0.12 },
];

/** Plays the chime on `context`; resolves when it has ended. */
export function playChime(context: AudioContext): Promise<void> {
  const start = context.currentTime;
  const end = start + chimeMs / 1000;
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  gain.connect(context.destination);
  for (const note of notes) {
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(note.frequencyHz, start);
    oscillator.connect(gain);
    oscillator.start(start + note.startSeconds);
    oscillator.stop(end);
  }
  return new Promise((resolve) => setTimeout(resolve, chimeMs));
}
