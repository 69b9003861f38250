/**
 * Says each payment and each repayment claim in turn (docs/product.md#payment-alerts): the
 * chime, then the sentence in a voice for the app's language, or the chime alone where the
 * device has none. Queued, so two payments in a row do not cut each other off; a burst (many
 * rows replayed at once) keeps the first few.
 */
import { currentLanguage } from '@/i18n/i18n';
import { playChime } from './chime';
import { alertPreferences } from './preferences';
import { alertSentence, claimSentence } from './sentence';
import { soundContext } from './sound-unlock';
import { chooseVoice, speak, speechVoices } from './speaker';

export interface Announcement {
  /** A wire amount: "250.00". */
  amount: string;
  customerName: string | null;
  /** A payment (the default) or a customer's repayment claim, which says different words. */
  kind?: 'payment' | 'claim';
}

/** Announcements waiting beyond this are dropped: the screen still lists every payment. */
export const announcementsQueuedMax = 5;

let queue: Promise<void> = Promise.resolve();
let waiting = 0;

/** Queues the payment's announcement; resolves once it has been played (or skipped). */
export function announce(announcement: Announcement): Promise<void> {
  if (!alertPreferences().sounds || waiting >= announcementsQueuedMax) return Promise.resolve();
  waiting += 1;
  const played = queue.then(() => play(announcement)).catch(() => {}).finally(() => { waiting -= 1; });
  queue = played;
  return played;
}

async function play({ amount, customerName, kind = 'payment' }: Announcement): Promise<void> {
  // Read now: the choices or the language may have changed since it was queued.
  const { sounds, sayNames } = alertPreferences();
  if (!sounds) return;
  const language = currentLanguage();
  const text = (kind === 'claim' ? claimSentence : alertSentence)(amount, sayNames ? customerName : null);
  const voices = speechVoices();
  const audio = soundContext();
  if (audio) await playChime(audio);
  const voice = chooseVoice(await voices, language);
  if (voice) await speak(text, language, voice);
}
