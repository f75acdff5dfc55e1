// Rate limits count per client address (CF-Connecting-IP). Tests get addresses of their own,
// derived from a key naming the test, so one test's buckets never mix with another's, and nothing
// is random: a test always comes from the same address.

/** FNV-1a over the text, starting from `seed`: 32 bits. */
function fnv1a(text: string, seed: number) {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** An address in the IPv6 documentation range (2001:db8::/32) derived from `key`: 64 bits of it. */
export function clientAddressFor(key: string) {
  const groups = [fnv1a(key, 0x811c9dc5), fnv1a(key, 0x01234567)].flatMap((hash) => [hash >>> 16, hash & 0xffff]);
  return `2001:db8:${groups.map((group) => group.toString(16)).join(":")}:0:1`;
}
