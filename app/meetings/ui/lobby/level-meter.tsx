import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { levelFromSamples, levelWord, smoothLevel } from "~/meetings/ui/lobby/level";

type AudioContextConstructor = typeof AudioContext;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function prefersReducedMotion(): boolean {
  return window.matchMedia?.(REDUCED_MOTION).matches ?? false;
}

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** How often the meter reads the microphone, and how often it redraws when motion is reduced. */
const FRAME_MS = 80;
const REDUCED_FRAME_MS = 500;

/**
 * The microphone's level, read with a Web Audio analyser. It is a `meter` (with a label and a word
 * for its value) so a screen reader can read it; it is not a live region, so it never chatters.
 */
export function LevelMeter({ track, muted, id }: { track: MediaStreamTrack | null; muted: boolean; id: string }) {
  const [level, setLevel] = useState(0);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);

  useEffect(() => {
    const Context = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext) as
      AudioContextConstructor | undefined;
    if (!track || track.readyState === "ended" || !Context) return;
    const context = new Context();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    // Browsers may start an audio context suspended until the person interacts with the page.
    const resume = () => void context.resume().catch(() => undefined);
    resume();
    document.addEventListener("pointerdown", resume);
    document.addEventListener("keydown", resume);
    // Sampled at the same pace either way; with reduced motion the bar shows the loudest moment of
    // each half second, so it steps calmly without missing a short word.
    let previous = 0;
    let peak = 0;
    let shownAt = 0;
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      const sampled = levelFromSamples(samples);
      if (!reducedMotion) {
        previous = smoothLevel(previous, sampled);
        setLevel(previous);
        return;
      }
      peak = Math.max(peak, sampled);
      if (performance.now() - shownAt < REDUCED_FRAME_MS) return;
      setLevel(peak);
      peak = 0;
      shownAt = performance.now();
    }, FRAME_MS);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("pointerdown", resume);
      document.removeEventListener("keydown", resume);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [track, reducedMotion]);

  const shown = muted || !track ? 0 : level;
  // Drawn through the element's style object, not a style attribute (the page's CSP allows no inline styles).
  const fill = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (fill.current) fill.current.style.transform = `scaleX(${shown / 100})`;
  }, [shown]);
  return (
    <div className="lobby-meter">
      <span id={`${id}-label`} className="lobby-meter-label">
        Microphone level
      </span>
      <div
        id={id}
        role="meter"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={track ? levelWord(shown, muted) : "No microphone"}
        data-level={shown}
        className={reducedMotion ? "lobby-meter-track lobby-meter-stepped" : "lobby-meter-track"}
      >
        <div ref={fill} className="lobby-meter-fill" />
      </div>
      <span className="lobby-meter-word" aria-hidden="true">
        {track ? levelWord(shown, muted) : "No microphone"}
      </span>
    </div>
  );
}
