import { COACH_INDUSTRIES, COACH_SPECIALTIES, type CoachIndustry, type CoachSpecialty } from "./specialties";

// A coach's public profile and tax details: the rules the profile form, the onboarding checklist and
// the booking page share. Safe for the browser bundle; the forms' zod schemas are in
// profile-schemas.server.ts, so the browser never loads zod.

/** A bio short enough to be skimmed on the booking page, long enough to say who the coach helps and how. */
export const BIO_MIN_LENGTH = 120;
export const BIO_MAX_LENGTH = 1500;

/** The largest photo a coach may upload. The booking page shows it small; a phone photo fits. */
export const PHOTO_MAX_BYTES = 3 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/**
 * The image type of a file from its first bytes (never its name or the browser's claim): JPEG
 * (FF D8 FF), PNG (its 8-byte signature) or WebP (RIFF….WEBP); null for anything else.
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const starts = (signature: readonly number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** The JSON arrays stored in coach_profiles, read back as known values only. */
export function parseSpecialties(text: string): CoachSpecialty[] {
  return parseList(text).filter((value): value is CoachSpecialty => (COACH_SPECIALTIES as readonly string[]).includes(value));
}

export function parseIndustries(text: string): CoachIndustry[] {
  return parseList(text).filter((value): value is CoachIndustry => (COACH_INDUSTRIES as readonly string[]).includes(value));
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** "Harper Quinn" → "HQ": the placeholder shown where a coach has no photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join("").toUpperCase();
}

/** The public address of a coach's photo; the version changes with the photo, so the file can be cached for good. */
export function coachPhotoHref(slug: string, photoUpdatedAt: string | null): string | null {
  if (!photoUpdatedAt) return null;
  return `/coaches/${encodeURIComponent(slug)}/photo?v=${photoVersion(photoUpdatedAt)}`;
}

/** A photo's version in its address: the digits of when it last changed. */
export function photoVersion(photoUpdatedAt: string | null): string {
  return (photoUpdatedAt ?? "").replace(/\D/g, "");
}
