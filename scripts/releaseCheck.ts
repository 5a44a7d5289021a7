// Run by the release workflow before it publishes: the tag names the package's version, and the
// CHANGELOG has a section for that version, so no release goes out undocumented.
//
//   node dist/scripts/releaseCheck.js <tag>
import * as fs from "node:fs";
import * as path from "node:path";
import { projectRoot } from "./projectRoot";

/** The CHANGELOG's section headings that name a version: `## 1.2.3` or `## [1.2.3]`, a date may follow. */
export function changelogVersions(changelog: string): string[] {
  const versions: string[] = [];
  for (const line of changelog.split("\n")) {
    const match = /^## \[?v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\]?(?:\s|$)/.exec(line);
    if (match?.[1]) versions.push(match[1]);
  }
  return versions;
}

/** What stops the release of `tag`; empty when it may go out. */
export function releaseProblems(tag: string, packageVersion: string, changelog: string): string[] {
  const problems: string[] = [];
  const version = tag.replace(/^refs\/tags\//, "").replace(/^v/, "");
  if (version !== packageVersion) {
    problems.push(`the tag ${tag} names version ${version}, but package.json says ${packageVersion}`);
  }
  if (!changelogVersions(changelog).includes(version)) {
    problems.push(`CHANGELOG.md has no section "## ${version}": write what the release changes before tagging it`);
  }
  return problems;
}

if (require.main === module) {
  const tag = process.argv[2];
  if (!tag) {
    console.error("usage: releaseCheck <tag>");
    process.exit(2);
  }
  const root = projectRoot();
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const problems = releaseProblems(tag, pkg.version, fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8"));
  for (const problem of problems) console.error(`release refused: ${problem}`);
  process.exit(problems.length === 0 ? 0 : 1);
}
