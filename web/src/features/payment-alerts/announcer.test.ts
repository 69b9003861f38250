import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activate } from '@/i18n/i18n';
import { announce, announcementsQueuedMax } from './announcer';
import { chimeMs } from './chime';
import { resetAlertPreferencesForTests, setAlertPreference } from './preferences';
import { resetSoundForTests } from './sound-unlock';
import { voicesWaitMs } from './speaker';
import { fakeAudio, fakeSpeech } from './test-fixtures';

const payment = { amount: '250.00', customerName: 'Asha Rao' };

beforeEach(() => {
  vi.useFakeTimers();
  resetAlertPreferencesForTests();
  resetSoundForTests();
});

afterEach(async () => {
  vi.useRealTimers();
  await activate('en', ['login', 'app']);
});

/** Plays what is queued: the chime's wait, then the sentence. */
const played = async (announcing: Promise<void>) => {
  await vi.advanceTimersByTimeAsync(chimeMs);
  await announcing;
};

describe('announce', () => {
  it('chimes, then says the sentence in an Indian English voice', async () => {
    const audio = fakeAudio('running');
    const { spoken } = fakeSpeech(['en-US', 'en-IN', 'hi-IN']);
    await played(announce(payment));
    expect(audio.oscillatorsStarted).toBeGreaterThan(0);
    expect(spoken).toHaveLength(1);
    expect(spoken[0]!.text).toBe('Received ₹250 on Khata');
    expect(spoken[0]!.lang).toBe('en-IN');
    expect(spoken[0]!.voice?.lang).toBe('en-IN');
  });

  it('speaks Hindi in a hi-IN voice when the app speaks Hindi', async () => {
    await activate('hi', ['login', 'app']);
    fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN', 'hi_IN']);
    await played(announce(payment));
    expect(spoken).toHaveLength(1);
    expect(spoken[0]!.lang).toBe('hi-IN');
    expect(spoken[0]!.voice?.lang).toBe('hi_IN');
  });

  it('chimes alone, never calling speak, when the device has no voice for the language', async () => {
    await activate('ta', ['login', 'app']);
    const audio = fakeAudio('running');
    const { speech } = fakeSpeech(['en-IN', 'hi-IN']);
    const announcing = announce(payment);
    await vi.advanceTimersByTimeAsync(voicesWaitMs);
    await announcing;
    expect(audio.oscillatorsStarted).toBeGreaterThan(0);
    expect(speech.speak).not.toHaveBeenCalled();
  });

  it('waits for voices that load after the page', async () => {
    fakeAudio('running');
    const speech = fakeSpeech([]);
    const announcing = announce(payment);
    await vi.advanceTimersByTimeAsync(100);
    speech.loadVoices(['en-IN']);
    await played(announcing);
    expect(speech.spoken.map((utterance) => utterance.text)).toEqual(['Received ₹250 on Khata']);
  });

  it('says the customer name only when Say customer names is on', async () => {
    fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    setAlertPreference('sayNames', true);
    await played(announce({ amount: '99.50', customerName: 'Asha Rao' }));
    expect(spoken[0]!.text).toBe('Received ₹99.50 on Khata from Asha Rao');
  });

  it('says a repayment claim in its own words, after the chime', async () => {
    const audio = fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    await played(announce({ amount: '120.00', customerName: 'Asha Rao', kind: 'claim' }));
    expect(audio.oscillatorsStarted).toBeGreaterThan(0);
    expect(spoken.map((utterance) => utterance.text)).toEqual(['Repayment claim of ₹120. Please check and confirm']);
  });

  it('stays silent with Payment sounds off', async () => {
    const audio = fakeAudio('running');
    const { speech } = fakeSpeech(['en-IN']);
    setAlertPreference('sounds', false);
    await played(announce(payment));
    expect(audio.contexts).toBe(0);
    expect(speech.speak).not.toHaveBeenCalled();
  });

  it('queues a second payment until the first sentence has ended, so neither is cut off', async () => {
    fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN'], { autoEnd: false });
    const first = announce(payment);
    const second = announce({ amount: '40.00', customerName: null });
    await vi.advanceTimersByTimeAsync(chimeMs);
    expect(spoken.map((utterance) => utterance.text)).toEqual(['Received ₹250 on Khata']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(spoken).toHaveLength(1);
    spoken[0]!.onend?.();
    await first;
    await vi.advanceTimersByTimeAsync(chimeMs);
    expect(spoken.map((utterance) => utterance.text)).toEqual(['Received ₹250 on Khata', 'Received ₹40 on Khata']);
    spoken[1]!.onend?.();
    await second;
  });

  it(`keeps at most ${announcementsQueuedMax} waiting in a burst`, async () => {
    fakeAudio('running');
    const { spoken } = fakeSpeech(['en-IN']);
    const all = Array.from({ length: announcementsQueuedMax + 3 }, (_, index) => announce({ amount: `${index + 1}.00`, customerName: null }));
    await vi.advanceTimersByTimeAsync(chimeMs * (announcementsQueuedMax + 3));
    await Promise.all(all);
    expect(spoken).toHaveLength(announcementsQueuedMax);
  });
});
