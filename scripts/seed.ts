/**
 * Seeds the local D1 database with demo content. Safe to re-run: every row has a fixed id and is
 * written with INSERT OR IGNORE, so existing local data (including anything you changed) is kept.
 * Later features add their demo rows to SEED_STATEMENTS.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Row = Record<string, string | number | null>;

function insertOrIgnore(table: string, rows: Row[]): string[] {
  return rows.map((row) => {
    const columns = Object.keys(row);
    const values = columns.map((column) => {
      const value = row[column];
      if (value === null || value === undefined) return "NULL";
      if (typeof value === "number") return String(value);
      return `'${value.replaceAll("'", "''")}'`;
    });
    return `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${values.join(", ")});`;
  });
}

// Demo enquiries, so the team's lead list is not empty on a fresh machine.
const DEMO_LEADS: Row[] = [
  {
    id: "seed-lead-0001",
    source: "contact",
    name: "Demo: Hannah Brooks",
    email: "hannah.brooks@example.com.au",
    company: "Brooks Bakehouse",
    phone: "0400 000 001",
    business_type: "Hospitality and food",
    message: "We've opened a second store and I'm working 70-hour weeks. Can coaching help me step back?",
    created_at: "2026-11-02T23:15:00.000Z",
  },
  {
    id: "seed-lead-0002",
    source: "booking",
    name: "Demo: Luke Papadopoulos",
    email: "luke@example.com.au",
    company: "LP Plumbing & Gas",
    phone: null,
    business_type: "Trades and construction",
    message: "Quoting and job scheduling are a mess. Keen for a discovery call.",
    created_at: "2026-11-10T01:40:00.000Z",
  },
];

export const SEED_STATEMENTS: string[] = [...insertOrIgnore("leads", DEMO_LEADS)];

function main() {
  const dir = mkdtempSync(join(tmpdir(), "clarityai-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, `${SEED_STATEMENTS.join("\n")}\n`);
  const extra = process.argv.slice(2); // e.g. --persist-to <dir>
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...extra], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  console.log(`Seeded ${SEED_STATEMENTS.length} demo rows (existing rows kept).`);
}

main();
