/**
 * The browser's speech and sound, recorded (docs/product.md#payment-alerts). Headless Chromium has no voices, so
 * a journey gives the page a `speechSynthesis` (and the `SpeechSynthesisUtterance` that
 * goes with it) of its own before any of the app's code runs: it offers the voices the
 * journey names and records every `speak` instead of speaking. It stands in for the browser's API only; the app's own code runs unchanged.
 * The Web Audio API is real; its oscillators' starts (the chime) are counted.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface SpokenUtterance {
  text: string;
  lang: string;
  voice: string | null;
  /** Date.now() in the page when speak() was called. */
  at: number;
}

interface Recorder {
  spoken: SpokenUtterance[];
  chimes: number[];
}

/** Installs the recording speechSynthesis with `voices` ({ name, lang }) in every page of the context. */
export async function recordSpeech(context: BrowserContext, voices: { name: string; lang: string }[]): Promise<void> {
  // Run through tsx (bench/alerts.ts), the function below is compiled with esbuild's
  // keepNames, which wraps classes in a __name(…) call the page does not have.
  await context.addInitScript({ content: 'window.__name ??= (target) => target;' });
  await context.addInitScript((offered) => {
    const recorder: Recorder = { spoken: [], chimes: [] };
    (window as unknown as { khataSpeech: Recorder }).khataSpeech = recorder;
    const voiceList = offered.map((voice) => ({
      name: voice.name, lang: voice.lang, voiceURI: voice.name, localService: true, default: false,
    })) as unknown as SpeechSynthesisVoice[];
    // The browser's utterance takes only its own voice objects: this one takes the offered ones.
    class RecordedUtterance extends EventTarget {
      text: string;
      lang = '';
      voice: SpeechSynthesisVoice | null = null;
      rate = 1;
      pitch = 1;
      volume = 1;
      onstart: ((event: Event) => void) | null = null;
      onend: ((event: Event) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      constructor(text = '') {
        super();
        this.text = text;
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, writable: true, value: RecordedUtterance });
    const fire = (utterance: RecordedUtterance, type: 'start' | 'end') => {
      const event = new Event(type);
      utterance.dispatchEvent(event);
      (type === 'start' ? utterance.onstart : utterance.onend)?.(event);
    };
    const listeners = new EventTarget();
    const synthesis = {
      pending: false,
      speaking: false,
      paused: false,
      onvoiceschanged: null as ((event: Event) => void) | null,
      getVoices: () => voiceList,
      speak(utterance: RecordedUtterance) {
        recorder.spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null, at: Date.now() });
        // As a real voice would: it starts, then ends a moment later.
        setTimeout(() => {
          fire(utterance, 'start');
          setTimeout(() => fire(utterance, 'end'), 50);
        }, 0);
      },
      cancel() {},
      pause() {},
      resume() {},
      addEventListener: listeners.addEventListener.bind(listeners),
      removeEventListener: listeners.removeEventListener.bind(listeners),
      dispatchEvent: listeners.dispatchEvent.bind(listeners),
    };
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synthesis });
    // The chime: every oscillator the page starts.
    const AudioContextClass = window.AudioContext;
    if (AudioContextClass) {
      const createOscillator = AudioContextClass.prototype.createOscillator;
      AudioContextClass.prototype.createOscillator = function (this: AudioContext) {
        const oscillator = createOscillator.call(this);
        const start = oscillator.start.bind(oscillator);
        oscillator.start = (when?: number) => {
          recorder.chimes.push(Date.now());
          start(when);
        };
        return oscillator;
      };
    }
  }, voices);
}

/** What the page has spoken so far. */
export const spokenIn = (page: Page): Promise<SpokenUtterance[]> =>
  page.evaluate(() => (window as unknown as { khataSpeech: Recorder }).khataSpeech.spoken);

/** When the page started a chime, each time (Date.now() in the page). */
export const chimesIn = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { khataSpeech: Recorder }).khataSpeech.chimes);
