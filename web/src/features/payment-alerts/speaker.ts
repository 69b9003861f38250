/**
 * Speaking with the browser's own speech synthesis, in a voice for the app's language.
 * A device without one (no Tamil voice, say) would read the sentence in an English voice's
 * letters or not at all, so then nothing is spoken and the chime stands alone.
 */
import type { Language } from '@common/languages';

/** The speech language for each app language: the Indian variant. */
export const speechLanguageTags: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', ta: 'ta-IN' };

/** How long to wait for voices that load after the page (Chrome fills the list late). */
export const voicesWaitMs = 1_500;
/** A sentence that never reports its end (some engines drop the event) frees the queue after this. */
export const sentenceMsMax = 15_000;

const normalTag = (tag: string) => tag.replace('_', '-').toLowerCase();

/** The voice for `language`: its Indian variant first, else any of the language. */
export function chooseVoice(voices: readonly SpeechSynthesisVoice[], language: Language): SpeechSynthesisVoice | null {
  const wanted = normalTag(speechLanguageTags[language]);
  return (
    voices.find((voice) => normalTag(voice.lang) === wanted) ??
    voices.find((voice) => normalTag(voice.lang).split('-')[0] === language) ??
    null
  );
}

/** The device's voices; when the list is still empty, waits a little for `voiceschanged`. */
export function speechVoices(): Promise<SpeechSynthesisVoice[]> {
  if (typeof speechSynthesis === 'undefined') return Promise.resolve([]);
  const now = speechSynthesis.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      speechSynthesis.removeEventListener('voiceschanged', done);
      resolve(speechSynthesis.getVoices());
    };
    const timer = setTimeout(done, voicesWaitMs);
    speechSynthesis.addEventListener('voiceschanged', done);
  });
}

/** Says `text` in `voice`; resolves when it has been said (or failed). */
export function speak(text: string, language: Language, voice: SpeechSynthesisVoice): Promise<void> {
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = speechLanguageTags[language];
    utterance.voice = voice;
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, sentenceMsMax);
    utterance.onend = done;
    utterance.onerror = done;
    speechSynthesis.speak(utterance);
  });
}
