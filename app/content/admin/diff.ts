// Comparing two revisions of a content item: each field's text, line by line (a longest common
// subsequence), so an editor sees what was added and removed. Pure, for the server and the tests.

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };
export type FieldDiff = { field: string; label: string; changed: boolean; lines: DiffLine[] };

/** Above this many lines on each side the diff stops looking for common lines in the middle (keeps it cheap). */
const MAX_LCS_CELLS = 4_000_000;

export function diffLines(before: string, after: string): DiffLine[] {
  const a = before === "" ? [] : before.split(/\r?\n/);
  const b = after === "" ? [] : after.split(/\r?\n/);
  // Common head and tail first: most edits touch a few lines.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ kind: "same", text }));
  if (midA.length * midB.length > MAX_LCS_CELLS) {
    out.push(...midA.map((text): DiffLine => ({ kind: "removed", text })), ...midB.map((text): DiffLine => ({ kind: "added", text })));
  } else {
    // lcs[i][j] = length of the longest common subsequence of midA[i..] and midB[j..].
    const width = midB.length + 1;
    const lcs = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        lcs[i * width + j] = midA[i] === midB[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length && j < midB.length) {
      if (midA[i] === midB[j]) {
        out.push({ kind: "same", text: midA[i]! });
        i++;
        j++;
      } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
        out.push({ kind: "removed", text: midA[i++]! });
      } else {
        out.push({ kind: "added", text: midB[j++]! });
      }
    }
    while (i < midA.length) out.push({ kind: "removed", text: midA[i++]! });
    while (j < midB.length) out.push({ kind: "added", text: midB[j++]! });
  }
  out.push(...a.slice(a.length - tail).map((text): DiffLine => ({ kind: "same", text })));
  return out;
}

/** A snapshot's value as text for the diff: strings as they are, anything else as readable JSON. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, null, 2);
}

/**
 * Field-by-field comparison of two snapshots, in the order of `labels` (the editable fields, with the
 * names an editor knows them by); fields a snapshot lacks compare as empty.
 */
export function diffSnapshots(before: Record<string, unknown>, after: Record<string, unknown>, labels: Record<string, string>): FieldDiff[] {
  return Object.entries(labels).map(([field, label]) => {
    const from = fieldText(before[field]);
    const to = fieldText(after[field]);
    return { field, label, changed: from !== to, lines: diffLines(from, to) };
  });
}

export type ShownLine = DiffLine | { kind: "skipped"; count: number };

/** Long runs of unchanged lines folded to `context` lines either side of each change. */
export function foldUnchanged(lines: DiffLine[], context = 2): ShownLine[] {
  const keep = lines.map((line) => line.kind !== "same");
  const near = lines.map((_, i) => {
    for (let d = -context; d <= context; d++) if (keep[i + d]) return true;
    return false;
  });
  const out: ShownLine[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (near[i]) {
      if (skipped > 0) out.push({ kind: "skipped", count: skipped });
      skipped = 0;
      out.push(line);
    } else skipped++;
  });
  if (skipped > 0) out.push({ kind: "skipped", count: skipped });
  return out;
}
