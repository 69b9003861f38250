/**
 * Stand-ins for the browser's speech synthesis and Web Audio, which jsdom lacks: they record
 * what the app asks for, as the browser journeys' init script does in Chromium.
 */
import { vi } from 'vitest';

export class FakeUtterance {
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}

export function fakeSpeech(voiceTags: string[], { autoEnd = true } = {}) {
  let voices = voiceTags.map((lang) => ({ lang, name: `Voice ${lang}`, default: false, localService: true, voiceURI: lang }));
  const spoken: FakeUtterance[] = [];
  const events = new EventTarget();
  const speech = {
    getVoices: vi.fn(() => voices),
    speak: vi.fn((utterance: FakeUtterance) => {
      spoken.push(utterance);
      if (autoEnd) queueMicrotask(() => utterance.onend?.());
    }),
    cancel: vi.fn(),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  };
  vi.stubGlobal('speechSynthesis', speech);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return {
    speech,
    spoken,
    /** Voices that arrive after the page, as Chrome's do. */
    loadVoices(tags: string[]) {
      voices = tags.map((lang) => ({ lang, name: `Voice ${lang}`, default: false, localService: true, voiceURI: lang }));
      events.dispatchEvent(new Event('voiceschanged'));
    },
  };
}

export function fakeAudio(initialState: AudioContextState = 'suspended') {
  const record = { contexts: 0, oscillatorsStarted: 0 };
  const param = () => ({ setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn(), value: 0 });
  class FakeAudioContext extends EventTarget {
    state: AudioContextState = initialState;
    currentTime = 0;
    destination = {};
    constructor() {
      super();
      record.contexts += 1;
    }
    resume() {
      this.state = 'running';
      this.dispatchEvent(new Event('statechange'));
      return Promise.resolve();
    }
    createGain() {
      return { gain: param(), connect: vi.fn() };
    }
    createOscillator() {
      return {
        type: 'sine', frequency: param(), connect: vi.fn(), stop: vi.fn(),
        start: vi.fn(() => { record.oscillatorsStarted += 1; }),
      };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return record;
}
