import { useEffect, useState, useSyncExternalStore } from "react";
import { CallController, type CallOptions, type CallState } from "~/meetings/ui/call/call-controller";

/** One call controller for the room's lifetime: its socket opens at the lobby and closes with the page. */
export function useCall(options: CallOptions): { call: CallController; state: CallState } {
  const [call] = useState(() => new CallController(options));
  useEffect(() => {
    call.start();
    return () => call.dispose();
  }, [call]);
  const state = useSyncExternalStore(call.subscribe, call.getState, call.getState);
  return { call, state };
}

/** A short two-note chime for "someone is waiting" (Web Audio: no file to fetch). */
export function playChime() {
  try {
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, context.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.5);
    for (const [index, frequency] of [660, 880].entries()) {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(context.currentTime + index * 0.18);
      oscillator.stop(context.currentTime + index * 0.18 + 0.25);
    }
    setTimeout(() => void context.close().catch(() => undefined), 800);
  } catch {
    // Sound is a nicety; the visible notice and the title carry the message.
  }
}

/** While the other person waits in the lobby, the tab's title says so (and the original comes back after). */
export function useTitleCue(text: string | null) {
  useEffect(() => {
    if (!text) return;
    const original = document.title;
    let on = true;
    document.title = `${text} — ${original}`;
    // Alternating draws the eye to a background tab, as a new-message cue does.
    const timer = setInterval(() => {
      on = !on;
      document.title = on ? `${text} — ${original}` : original;
    }, 1_500);
    return () => {
      clearInterval(timer);
      document.title = original;
    };
  }, [text]);
}
