import { describe, expect, test } from "vitest";
import { extensionOf, mediaOriginalUrl, misleadingClaim, safeFileName, sniffMediaType, variantFormats, variantWidths } from "~/content/media";
import { PLAIN_JPEG, PLAIN_PNG, WEBP_WITH_METADATA } from "../factories/photos";
import { PDF } from "../factories/media";

// The media library's pure rules: what the bytes are, when a name or browser type misleads, the
// SPEC §9 widths an image gets, and the safe names files are served under.

const text = (value: string) => new TextEncoder().encode(value);

describe("sniffMediaType", () => {
  test("images by their signature, whatever they are called", () => {
    expect(sniffMediaType(PLAIN_JPEG, "x.pdf")).toBe("image/jpeg");
    expect(sniffMediaType(PLAIN_PNG, "")).toBe("image/png");
    expect(sniffMediaType(WEBP_WITH_METADATA, "a.webp")).toBe("image/webp");
  });
  test("documents: PDF by its header, text by being UTF-8 without binary bytes (CSV by its name), nothing else", () => {
    expect(sniffMediaType(PDF, "a.jpg")).toBe("application/pdf");
    expect(sniffMediaType(text("a,b\n1,2\n"), "cash.csv")).toBe("text/csv");
    expect(sniffMediaType(text("Notes for the call\n"), "notes.txt")).toBe("text/plain");
    expect(sniffMediaType(Uint8Array.of(0x4d, 0x5a, 0x00, 0x01), "setup.exe")).toBeNull();
    expect(sniffMediaType(Uint8Array.of(0xc3, 0x28), "bad.txt")).toBeNull();
    expect(sniffMediaType(text("GIF89a"), "x.gif")).toBe("text/plain");
  });
});

describe("misleadingClaim", () => {
  test("a known extension or a specific browser type that disagrees with the bytes is refused", () => {
    expect(misleadingClaim("application/pdf", "photo.jpg", "image/jpeg")).toMatch(/“\.jpg”/);
    expect(misleadingClaim("image/png", "chart.png", "text/html")).toMatch(/text\/html/);
    expect(misleadingClaim("text/plain", "page.html", "")).toMatch(/“\.html”/);
    expect(misleadingClaim("text/plain", "x.gif", "")).toMatch(/“\.gif”/);
  });
  test("no extension, an unknown one, a generic type and the browsers' aliases pass", () => {
    expect(misleadingClaim("image/jpeg", "IMG_0001.JPEG", "image/jpg")).toBeNull();
    expect(misleadingClaim("image/png", "scan", "application/octet-stream")).toBeNull();
    expect(misleadingClaim("image/png", "scan.final-v2", "")).toBeNull();
    expect(misleadingClaim("text/csv", "cash.csv", "application/vnd.ms-excel")).toBeNull();
  });
});

test("an image gets each SPEC §9 width up to its own, or its own width when narrower than the smallest", () => {
  expect(variantWidths(5000)).toEqual([380, 768, 1024, 1280, 1600, 1920]);
  expect(variantWidths(1024)).toEqual([380, 768, 1024]);
  expect(variantWidths(200)).toEqual([200]);
  expect(variantFormats("image/png")).toEqual(["webp", "png"]);
  expect(variantFormats("image/webp")).toEqual(["webp", "jpeg"]);
});

test("files are served under a safe name with the extension of what they are", () => {
  expect(safeFileName("Our Team (2026).PNG", "png")).toBe("Our-Team-2026.png");
  expect(safeFileName('../../etc/passwd"; x=.pdf', "pdf")).toBe("etc-passwd-x.pdf");
  expect(safeFileName("", "pdf")).toBe("file.pdf");
  expect(mediaOriginalUrl("abc", "application/pdf", "Checklist.exe")).toBe("/media/abc/Checklist.pdf");
  expect(extensionOf("a.tar.GZ")).toBe("gz");
});
