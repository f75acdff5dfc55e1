/**
 * JSON kept in a text column, parsed for a reader: null stays null, and text that is not valid JSON
 * is returned as it is, so nothing stored is lost from what the reader sees.
 */
export function parseStoredJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
