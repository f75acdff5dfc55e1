const audWhole = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });
const audCents = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** Formats dollars as AUD, e.g. 150 → "$150" and 49.5 → "$49.50". */
export function formatAud(amount: number): string {
  return Number.isInteger(amount) ? audWhole.format(amount) : audCents.format(amount);
}

/** A price range such as "$200–$500". */
export function formatAudRange(low: number, high: number): string {
  return `${formatAud(low)}–${formatAud(high)}`;
}

const longDate = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "Australia/Sydney" });

/** An ISO timestamp as an Australian date, e.g. "21 November 2026" (Sydney time). */
export function formatDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** A short, human description of a browser's User-Agent header, e.g. "Firefox on Windows". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? "Safari"
            : /^(node|undici|curl|supabase|Go-http-client|python)/i.test(ua) || /supabase|auth-js/i.test(ua)
              ? "An app or script"
              : "A browser";
  const os = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return os ? `${browser} on ${os}` : browser;
}
