/**
 * Builds the lesson video of "Write your first SOP" (systems-sops-write-your-first-sop) from its
 * transcript: branded slides with a spoken narration (espeak-ng), encoded as a small H.264 + AAC MP4
 * with the index at the front (faststart), and WebVTT captions timed to each spoken sentence. The
 * narration is the lesson's transcriptMd, one paragraph per slide, so the video, the captions and the
 * transcript on the lesson page always say the same thing.
 *
 * Writes media/learning/videos/<lessonId>.mp4 and media/learning/captions/<lessonId>.vtt (the UPLOADS
 * bucket keys under media/, uploaded to the local bucket by scripts/seed.ts), a copy of the transcript
 * in media/learning/transcripts/<lessonId>.md, and prints the length for the lesson's video.seconds.
 * Needs ffmpeg and espeak-ng (Debian: apt-get install -y ffmpeg espeak-ng fonts-dejavu-core).
 * Usage: tsx scripts/learning-video.ts
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { systemsSops } from "../app/learning/curriculum/systems-sops";

const LESSON_ID = "systems-sops-write-your-first-sop";
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** What each slide shows; its narration is the transcript's paragraph of the same position. */
const SLIDES: { title: string; points: string[] }[] = [
  {
    title: "Write your first SOP",
    points: ["What a standard operating procedure is", "The five questions every SOP answers", "How to write it, check it and test it"],
  },
  {
    title: "Five questions every SOP answers",
    points: [
      "Purpose: why the job matters",
      "Owner: who is responsible",
      "Trigger: what starts the job",
      "Steps: what happens, in order",
      "Checks: how you know it was done right",
    ],
  },
  {
    title: "Write it with the person who does it",
    points: ["Do the job and say each step out loud", "Start each step with a verb", "One action per step", "Name the tool or the place"],
  },
  { title: "Checks make it a system", points: ["Specific", "Answered yes or no", "e.g. Is the coffee machine off at the wall?"] },
  { title: "Test it with someone new", points: ["Someone who has never done the job", "Watch them follow it", "Every question is a missing step"] },
  { title: "Try this this week", points: ["Pick one job", "Fill in the SOP worksheet", "Test it with someone new"] },
];

// The site's colours (app/styles/app.css).
const NAVY = "0x0f2942";
const TEAL = "0x0b6e6d";
const TEAL_LIGHT = "0xe6f4f3";
const AMBER = "0xf5a524";
const WHITE = "0xffffff";
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

const SAMPLE_RATE = 22050; // espeak-ng's output: 16-bit mono PCM
const GAP_SENTENCE = 0.35;
const GAP_SLIDE = 0.8;
const LEAD_IN = 0.5;
const TAIL = 1.0;

/** How words are said where the written form would be read wrongly. */
const SPOKEN: [RegExp, string][] = [[/\bSOP\b/g, "ess oh pee"]];

function run(command: string, args: string[]): Buffer {
  return execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"] });
}

/** The PCM samples of a WAV file. */
function pcmOf(wav: Buffer): Buffer {
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString("ascii", offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === "data") return wav.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size % 2);
  }
  throw new Error("no data chunk in the narration's WAV");
}

function wavOf(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * 2);

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** A caption's text in lines of at most 42 characters. */
function lines(text: string, width = 42): string[] {
  const result: string[] = [];
  for (const word of text.split(" ")) {
    const last = result.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) result[result.length - 1] = `${last} ${word}`;
    else result.push(word);
  }
  return result;
}

/** Cues of at most two lines for a sentence spoken from start to end (longer ones share the time by length). */
function cuesFor(sentence: string, start: number, end: number): { start: number; end: number; text: string }[] {
  const all = lines(sentence);
  const groups: string[][] = [];
  for (let index = 0; index < all.length; index += 2) groups.push(all.slice(index, index + 2));
  const total = sentence.length;
  let at = start;
  return groups.map((group) => {
    const share = ((group.join(" ").length + 1) / (total + 1)) * (end - start);
    const cue = { start: at, end: Math.min(end, at + share), text: group.join("\n") };
    at += share;
    return cue;
  });
}

/** An ffmpeg drawtext filter reading its text from a file (no escaping of the words themselves). */
function drawtext(textFile: string, options: string): string {
  return `drawtext=fontfile=${FONT}:textfile=${textFile}:expansion=none:${options}`;
}

const lesson = systemsSops.lessons.find((candidate) => candidate.id === LESSON_ID);
if (!lesson?.video) throw new Error(`${LESSON_ID} has no video in the curriculum`);
const paragraphs = lesson.video.transcriptMd
  .split(/\n\s*\n/)
  .map((paragraph) => paragraph.trim())
  .filter((paragraph) => paragraph && !paragraph.startsWith("#"));
if (paragraphs.length !== SLIDES.length) throw new Error(`the transcript has ${paragraphs.length} paragraphs for ${SLIDES.length} slides`);

const work = mkdtempSync(join(tmpdir(), "learning-video-"));
try {
  const pcm: Buffer[] = [silence(LEAD_IN)];
  let clock = LEAD_IN;
  const cues: { start: number; end: number; text: string }[] = [];
  const slideSeconds: number[] = [];
  paragraphs.forEach((paragraph, slideIndex) => {
    const slideStart = slideIndex === 0 ? 0 : clock;
    const sentences = paragraph.replace(/\s+/g, " ").split(/(?<=[.?!])\s+/);
    sentences.forEach((sentence, sentenceIndex) => {
      const spoken = SPOKEN.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), sentence);
      const file = join(work, `s${slideIndex}-${sentenceIndex}.wav`);
      run("espeak-ng", ["-v", "en-gb", "-s", "150", "-p", "45", "-w", file, spoken]);
      const samples = pcmOf(readFileSync(file));
      const seconds = samples.length / 2 / SAMPLE_RATE;
      cues.push(...cuesFor(sentence, clock, clock + seconds));
      pcm.push(samples);
      clock += seconds;
      const gap = sentenceIndex === sentences.length - 1 ? (slideIndex === paragraphs.length - 1 ? TAIL : GAP_SLIDE) : GAP_SENTENCE;
      pcm.push(silence(gap));
      clock += gap;
    });
    slideSeconds.push(clock - slideStart);
  });
  writeFileSync(join(work, "narration.wav"), wavOf(Buffer.concat(pcm)));

  // One still image per slide: navy background, an amber rule, the title, the points and the brand line.
  const stills: string[] = [];
  SLIDES.forEach((slide, index) => {
    const titleFile = join(work, `title-${index}.txt`);
    writeFileSync(titleFile, slide.title);
    const brandFile = join(work, `brand-${index}.txt`);
    writeFileSync(brandFile, `ClarityAI Coaching  |  Systems, delegation and SOPs  |  ${index + 1} / ${SLIDES.length}`);
    const filters = [
      `drawbox=x=0:y=0:w=iw:h=ih:color=${NAVY}:t=fill`,
      `drawbox=x=96:y=150:w=120:h=8:color=${AMBER}:t=fill`,
      `drawbox=x=0:y=ih-72:w=iw:h=72:color=${TEAL}:t=fill`,
      drawtext(titleFile, `fontfile=${FONT_BOLD}:fontcolor=${WHITE}:fontsize=54:x=96:y=190`),
      drawtext(brandFile, `fontcolor=${TEAL_LIGHT}:fontsize=24:x=96:y=h-48`),
      ...slide.points.map((point, pointIndex) => {
        const pointFile = join(work, `point-${index}-${pointIndex}.txt`);
        writeFileSync(pointFile, point);
        const y = 300 + pointIndex * 62;
        return [`drawbox=x=100:y=${y + 12}:w=14:h=14:color=${AMBER}:t=fill`, drawtext(pointFile, `fontcolor=${TEAL_LIGHT}:fontsize=36:x=140:y=${y}`)].join(",");
      }),
    ];
    const still = join(work, `slide-${index}.png`);
    run("ffmpeg", ["-y", "-f", "lavfi", "-i", `color=c=${NAVY}:s=1280x720`, "-frames:v", "1", "-vf", filters.join(","), still]);
    stills.push(still);
  });
  const list = stills.flatMap((still, index) => [`file '${still}'`, `duration ${slideSeconds[index]?.toFixed(3)}`]);
  list.push(`file '${stills.at(-1)}'`); // the concat demuxer's last entry takes no duration
  writeFileSync(join(work, "slides.txt"), `${list.join("\n")}\n`);

  const video = join(ROOT, "media", lesson.video.key);
  const captions = join(ROOT, "media", lesson.video.captionsKey);
  mkdirSync(dirname(video), { recursive: true });
  mkdirSync(dirname(captions), { recursive: true });
  run("ffmpeg", [
    "-y",
    ...["-f", "concat", "-safe", "0", "-i", join(work, "slides.txt")],
    ...["-i", join(work, "narration.wav")],
    ...["-vf", "fps=10,format=yuv420p", "-c:v", "libx264", "-profile:v", "main", "-preset", "slow", "-tune", "stillimage", "-crf", "28", "-g", "50"],
    ...["-c:a", "aac", "-b:a", "48k", "-ac", "1", "-ar", "22050"],
    ...["-t", clock.toFixed(3), "-map_metadata", "-1", "-fflags", "+bitexact", "-movflags", "+faststart", video],
  ]);
  const vtt = ["WEBVTT", "", ...cues.flatMap((cue, index) => [String(index + 1), `${timestamp(cue.start)} --> ${timestamp(cue.end)}`, cue.text, ""])];
  writeFileSync(captions, vtt.join("\n"));
  // The transcript as markdown beside them, for whoever edits or re-records the video.
  const transcript = join(ROOT, "media", "learning", "transcripts", `${LESSON_ID}.md`);
  mkdirSync(dirname(transcript), { recursive: true });
  writeFileSync(transcript, `${lesson.video.transcriptMd.trim()}\n`);
  const bytes = readFileSync(video).length;
  console.log(`${video}: ${clock.toFixed(1)} s, ${(bytes / 1024).toFixed(0)} kB; ${captions}: ${cues.length} cues`);
  console.log(`Set the lesson's video.seconds to ${Math.round(clock)}.`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
