// The microphone level meter's arithmetic: a frame of samples to a 0–100 level that reads like a
// person's voice (speech sits around 40–80), and a word for screen readers.

/** Root mean square of time-domain samples (-1…1), mapped from -60…0 dBFS onto 0…100. */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.max(0, Math.min(100, Math.round(((db + 60) / 60) * 100)));
}

/** Rises at once, falls gently, so the bar doesn't flicker. */
export function smoothLevel(previous: number, next: number): number {
  return next >= previous ? next : Math.round(previous * 0.7 + next * 0.3);
}

export function levelWord(level: number, muted: boolean): string {
  if (muted) return "Microphone is muted";
  if (level < 8) return "Silent";
  if (level < 35) return "Quiet";
  if (level < 85) return "Good";
  return "Very loud";
}
