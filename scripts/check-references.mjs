// Keeps the repository self-explaining: nothing in it may send a reader to a document the
// repository does not hold. `npm run lint` runs this over every tracked (or new, not ignored) text
// file and fails on:
//   - an issue or ticket number, or a "#" and digits after "see", "fixes" and the like: state the
//     rule instead;
//   - a review item tag: a review round with its number, or letter-and-digit tags (L, M, H) in a
//     list or in parentheses;
//   - a citation of the product's specification or of the style guide, which live outside the
//     repository: state the rule, or point at a file here;
//   - the architecture document named without its folder (it is docs/architecture.md), except as
//     the target of a markdown link, which is checked to exist instead;
//   - a markdown link in README.md or docs/ to a file that does not exist.
// The planted examples live in backend/test/check-references.test.ts, the one file exempt.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files never scanned: generated lock data, and the test that plants citations on purpose. */
export const SKIPPED_FILES = new Set(['package-lock.json', 'backend/test/check-references.test.ts']);

/**
 * What a line may not say. Each pattern is written so that its own source text does not match it
 * (`\s+` where the prose has a space), so this file checks clean too.
 */
export const PATTERNS = [
  { name: 'issue number', re: /\b(?:issues?|tickets?)\s+#?\d+\b/i },
  {
    name: 'issue number',
    re: /(?:\b(?:see|in|per|from|fix(?:es|ed)?|close[sd]?|PR|pull\s+request)\s+|\()#\d{2,}\b(?![0-9a-f])/i,
  },
  { name: 'review item', re: /\bround\s+\d+\b/i },
  { name: 'review item', re: /\b[LMH]\d(?:\s*[/,&]\s*[LMH]\d)+\b/ },
  { name: 'review item', re: /\((?:[LMH]\d(?:,\s*)?)+\)/ },
  { name: 'specification cited', re: /\b(?:the|product)\s+spec(?:ification)?\b/i },
  { name: 'specification cited', re: /\(\s*spec\b[^)]*\)|\bspec,?\s+section\b/i },
  { name: 'style guide cited', re: /\bstyle\.md\b/i },
  { name: 'architecture doc without docs/', re: /(?<!docs\/|\]\()\barchitecture\.md\b/i },
  { name: 'design doc section', re: /\(architecture,\s+pitfalls\)/i },
];

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function isDocFile(file) {
  return file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md'));
}

/**
 * Every problem in the given files: `{ file, line, name, text }`. `exists(repoPath)` says whether a
 * file a markdown link points at is there.
 */
export function findProblems(files, exists) {
  const problems = [];
  for (const { file, text } of files) {
    if (SKIPPED_FILES.has(file)) continue;
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      for (const { name, re } of PATTERNS) {
        const match = re.exec(line);
        if (match) problems.push({ file, line: index + 1, name, text: match[0] });
      }
      if (!isDocFile(file)) return;
      for (const [, target] of line.matchAll(LINK)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
        const bare = decodeURI(target.split('#')[0]);
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), bare));
        if (!exists(resolved.replace(/\/$/, ''))) {
          problems.push({ file, line: index + 1, name: 'link to a missing file', text: target });
        }
      }
    });
  }
  return problems;
}

/** Tracked files plus new ones git does not ignore, as text; binary files left out. */
export function repositoryFiles(root = ROOT) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  const files = [];
  for (const file of new Set(listed)) {
    if (SKIPPED_FILES.has(file)) continue;
    const full = path.join(root, file);
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue; // deleted in the work tree
    const bytes = fs.readFileSync(full);
    if (bytes.subarray(0, 8000).includes(0)) continue;
    files.push({ file, text: bytes.toString('utf8') });
  }
  return files;
}

/** The whole tree's problems. */
export function checkRepository(root = ROOT) {
  return findProblems(repositoryFiles(root), (file) => fs.existsSync(path.join(root, file)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkRepository();
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.name}: "${p.text}"`);
  if (problems.length) {
    console.error(
      `check-references: ${problems.length} place(s) cite what the repository lacks; ` +
        'state the rule or point at a file of the repository instead.',
    );
    process.exit(1);
  }
  console.log('check-references: every reference points inside the repository.');
}
