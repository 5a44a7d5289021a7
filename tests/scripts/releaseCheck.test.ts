import * as fs from "node:fs";
import * as path from "node:path";
import { changelogVersions, releaseProblems } from "../../scripts/releaseCheck";

const CHANGELOG = "# Changelog\n\n## Unreleased\n\n### Added\n\n- x\n\n## [0.2.0] - 2026-11-01\n\n## 0.1.0\n";

test("the CHANGELOG's version sections are read from their headings, bracketed or not", () => {
  expect(changelogVersions(CHANGELOG)).toEqual(["0.2.0", "0.1.0"]);
  expect(changelogVersions("## 1.0.0-rc.1\n### 9.9.9\n")).toEqual(["1.0.0-rc.1"]);
});

test("a tag is released only when package.json and the CHANGELOG name its version", () => {
  expect(releaseProblems("v0.2.0", "0.2.0", CHANGELOG)).toEqual([]);
  expect(releaseProblems("refs/tags/v0.1.0", "0.1.0", CHANGELOG)).toEqual([]);
  expect(releaseProblems("v0.3.0", "0.3.0", CHANGELOG)).toEqual([
    'CHANGELOG.md has no section "## 0.3.0": write what the release changes before tagging it',
  ]);
  expect(releaseProblems("v0.2.0", "0.1.0", CHANGELOG)).toEqual([
    "the tag v0.2.0 names version 0.2.0, but package.json says 0.1.0",
  ]);
});

test("this repository's own package version has its CHANGELOG section", () => {
  const root = path.resolve(__dirname, "..", "..");
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const changelog = fs.readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
  expect(changelogVersions(changelog)).toContain(pkg.version);
});
