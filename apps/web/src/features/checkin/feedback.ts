import type { ScanDisplay } from './scanner';

let audio: AudioContext | undefined;

/**
 * A sound and a vibration per answer, where the device has them, so that the door hears the
 * answer without reading it: one high beep in, two low ones refused.
 */
export function signal(tone: ScanDisplay['tone']): void {
  navigator.vibrate?.(tone === 'accepted' ? 120 : [90, 70, 90, 70, 90]);
  try {
    audio ??= new AudioContext();
    const beeps =
      tone === 'accepted'
        ? [{ at: 0, frequency: 1320 }]
        : [
            { at: 0, frequency: 330 },
            { at: 0.22, frequency: 330 },
          ];
    for (const beep of beeps) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = beep.frequency;
      oscillator.type = tone === 'accepted' ? 'sine' : 'square';
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(audio.destination);
      const start = audio.currentTime + beep.at;
      oscillator.start(start);
      oscillator.stop(start + 0.16);
    }
  } catch {
    // No sound on this device: the colour and the text say it.
  }
}
