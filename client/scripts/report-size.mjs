// Reports the gzipped size of the JavaScript a first visit loads (/login + the shell): the entry
// chunk and everything it imports statically, plus the sign-in page's lazy chunk(s) (other lazy
// pages are excluded). Fails when either the shell or the /login first visit is above the budget.
// Usage: node scripts/report-size.mjs [budgetKB]   (run after `vite build`, which writes the manifest)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.argv[2] ?? 250);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entries[0][0]);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const rows = [...seen].map((key) => ({ file: manifest[key].file, gzip: gz(manifest[key].file) }));
const css = [...new Set([...seen].flatMap((key) => manifest[key].css ?? []))];
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const kb = (n) => (n / 1024).toFixed(1);

console.log('Initial JavaScript (entry + static imports), gzipped:');
for (const r of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${kb(r.gzip).padStart(7)} KB  ${r.file}`);
for (const file of css) console.log(`  (css ${kb(gz(file))} KB  ${file}, not counted)`);
console.log(`  ${kb(total).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);
// The budget is for what a first visit to /login downloads: the shell above plus the sign-in
// page's own lazy chunk(s) (issue 3: "/login + shell ≤ 250 KB gzipped").
const loginKey = Object.keys(manifest).find((key) => key.endsWith('features/auth/LoginPage.tsx'));
if (!loginKey) {
  console.error(
    'The sign-in page (features/auth/LoginPage.tsx) is not in the manifest: cannot measure /login.',
  );
  process.exit(1);
}
const extra = new Set();
const add = (key) => {
  if (seen.has(key) || extra.has(key)) return;
  extra.add(key);
  for (const dep of manifest[key].imports ?? []) add(dep);
};
add(loginKey);
const login = [...extra].reduce((sum, key) => sum + gz(manifest[key].file), 0);
const firstVisit = total + login;
console.log(
  `  ${kb(firstVisit).padStart(7)} KB  first visit to /login (+ sign-in page chunk ${kb(login)} KB; budget ${BUDGET_KB} KB)`,
);
const over = [];
if (total > BUDGET_KB * 1024) over.push(`initial JS ${kb(total)} KB`);
if (firstVisit > BUDGET_KB * 1024) over.push(`first visit to /login ${kb(firstVisit)} KB`);
if (over.length > 0) {
  console.error(`Over the ${BUDGET_KB} KB gzipped budget: ${over.join(', ')}.`);
  process.exit(1);
}
