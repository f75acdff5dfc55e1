import { expect, test } from "vitest";
import { diffLines, diffSnapshots, foldUnchanged } from "~/content/admin/diff";

test("a changed line shows as removed then added, with the lines around it unchanged", () => {
  expect(diffLines("one\ntwo\nthree", "one\n2\nthree")).toEqual([
    { kind: "same", text: "one" },
    { kind: "removed", text: "two" },
    { kind: "added", text: "2" },
    { kind: "same", text: "three" },
  ]);
});

test("inserted and deleted lines in the middle keep the common lines", () => {
  const lines = diffLines("a\nb\nc\nd", "a\nx\nb\nd");
  expect(lines).toEqual([
    { kind: "same", text: "a" },
    { kind: "added", text: "x" },
    { kind: "same", text: "b" },
    { kind: "removed", text: "c" },
    { kind: "same", text: "d" },
  ]);
});

test("empty text on either side is all added or all removed", () => {
  expect(diffLines("", "new")).toEqual([{ kind: "added", text: "new" }]);
  expect(diffLines("old", "")).toEqual([{ kind: "removed", text: "old" }]);
  expect(diffLines("", "")).toEqual([]);
});

test("snapshots compare field by field in the labels' order, non-strings as JSON", () => {
  const fields = diffSnapshots(
    { title: "Cash flow", body: "Hello", results: [{ metric: "Revenue", value: "+20%" }] },
    { title: "Cash flow tips", body: "Hello", results: [{ metric: "Revenue", value: "+20%" }] },
    { title: "Title", body: "Body", results: "Results", missing: "Missing" },
  );
  expect(fields.map((f) => [f.field, f.label, f.changed])).toEqual([
    ["title", "Title", true],
    ["body", "Body", false],
    ["results", "Results", false],
    ["missing", "Missing", false],
  ]);
  expect(fields[0]!.lines).toEqual([
    { kind: "removed", text: "Cash flow" },
    { kind: "added", text: "Cash flow tips" },
  ]);
});

test("long unchanged runs fold to two lines either side of a change", () => {
  const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n");
  const after = before.replace("line 10", "line ten");
  const shown = foldUnchanged(diffLines(before, after));
  expect(shown[0]).toEqual({ kind: "skipped", count: 8 });
  expect(shown.slice(1, 7).map((l) => ("text" in l ? l.text : l.count))).toEqual(["line 8", "line 9", "line 10", "line ten", "line 11", "line 12"]);
  expect(shown[7]).toEqual({ kind: "skipped", count: 7 });
});
