import { encode } from "uqr";

// QR codes for TOTP enrolment. The matrix comes from uqr (small, pure JS, no dependencies: it picks
// the mode — byte mode for an otpauth URI, which has lower-case letters — the smallest version that
// fits at the chosen error correction, and the mask with the lowest penalty); this module draws it.

/** Modules of light margin around the code: the quiet zone ISO/IEC 18004 asks scanners to expect. */
const QUIET_ZONE = 4;
/** Pixels per module in the SVG's own size; it scales cleanly either way (crispEdges). */
const MODULE_PIXELS = 4;

export class QrTooLongError extends Error {}

/**
 * An SVG image of a QR code for the text, error correction level M (15 % of the code can be
 * damaged or covered and it still scans). The SVG has no "#" or "%", so it can go into a
 * `data:image/svg+xml;utf-8,` URI as it is (auth-js builds that URI from GoTrue's raw SVG).
 */
export function qrCodeSvg(text: string): string {
  let matrix: boolean[][];
  try {
    matrix = encode(text, { ecc: "M", border: 0 }).data;
  } catch (error) {
    // uqr throws when the data does not fit even version 40.
    throw new QrTooLongError(error instanceof Error ? error.message : "Data too long for a QR code");
  }
  const size = matrix.length + QUIET_ZONE * 2;
  // One path, with each horizontal run of dark modules as one rectangle: a few KiB, not tens.
  const path: string[] = [];
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < row.length && row[end + 1]) end++;
      path.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${end - x + 1}v1h-${end - x + 1}z`);
      x = end;
    }
  });
  const pixels = size * MODULE_PIXELS;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="white"/>` +
    `<path fill="black" d="${path.join("")}"/>` +
    `</svg>`
  );
}
