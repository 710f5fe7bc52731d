/**
 * `npm run mutation:wire`, second step: MUTATION.md's wire section (and reports/mutation/wire/summary.md)
 * from the campaign's record and the triage. The section is the file's tail from its heading on,
 * which the data rules' summary (tests/mutation/write-summary.ts) keeps when it rewrites the rest.
 * Exit 0 when every survivor is triaged and no triage entry is stale, 1 otherwise, 2 without a record.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RESULT_DIR } from "./result.ts";
import { renderSection, WIRE_HEADING } from "./section.ts";
import { readTriage } from "./triage.ts";

const OUT = "MUTATION.md";
const record = join(RESULT_DIR, "result.json");
if (!existsSync(record)) {
  process.stderr.write(`write-section: ${record} not found: run the campaign first (npm run mutation:wire)\n`);
  process.exit(2);
}
const result = JSON.parse(readFileSync(record, "utf8"));
const triage = readTriage();
const section = renderSection(result, triage);
writeFileSync(join(RESULT_DIR, "summary.md"), section);
const page = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
const at = page.indexOf(WIRE_HEADING);
writeFileSync(OUT, `${(at < 0 ? page : page.slice(0, at)).trimEnd()}\n\n${section}`);
const untriaged = section.split("\n").filter((l) => l.endsWith("**untriaged**"));
const stale = section.includes("Triage entries naming no survivor");
process.stdout.write(`${OUT}: wire section written; ${untriaged.length} untriaged survivors${stale ? ", stale triage entries" : ""}\n`);
process.exit(untriaged.length || stale ? 1 : 0);
