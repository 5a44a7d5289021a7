// Every Markdown file of the repository, generated ones included, reads in a terminal and a diff:
// no line over 120 characters outside fenced code blocks. A line may run longer only because of a
// link target or a URL: a URL, or a route's path as code, that is the line's one word.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { MARKDOWN_WIDTH } from "../../scripts/docgen/markdown";

const ROOT = path.resolve(__dirname, "..", "..");

/** The repository's Markdown files: tracked, or new and not ignored. */
function markdownFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "*.md"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file !== "" && fs.existsSync(path.join(ROOT, file)));
}

/** The line as it counts: link targets, autolinks and bare URLs left out. */
function countedText(line: string): string {
  return line
    .replace(/\]\([^)\s]*(\s+"[^"]*")?\)/g, "]()")
    .replace(/^\s*\[[^\]]+\]:\s+\S+.*$/, "")
    .replace(/<[a-z]+:[^>\s]*>/gi, "<>")
    .replace(/\bhttps?:\/\/\S+/g, "");
}

/** A URL or a path that cannot be broken: the line's one word (no space outside code spans), with a `/`. */
function isOneUrl(line: string): boolean {
  const text = line.replace(/^\s*(?:[-+*]|\d+[.)])?\s*/, "");
  return /^(?:[^\s`]+|`[^`]*`)+$/.test(text) && text.includes("/");
}

/** "file:line (length)" for every line over the width, outside fenced code blocks. */
function overlongLines(file: string, text: string): string[] {
  const found: string[] = [];
  let fence: string | undefined;
  text.split("\n").forEach((line, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return;
    }
    if (marker) {
      fence = marker;
      return;
    }
    if (line.length > MARKDOWN_WIDTH && countedText(line).length > MARKDOWN_WIDTH && !isOneUrl(line))
      found.push(`${file}:${i + 1} (${line.length})`);
  });
  return found;
}

test(`no Markdown file has a line over ${MARKDOWN_WIDTH} characters outside code blocks`, () => {
  const files = markdownFiles();
  expect(files).toEqual(expect.arrayContaining(["README.md", "COVERAGE.md", "docs/reference/index.md"]));
  const overlong = files.flatMap((file) => overlongLines(file, fs.readFileSync(path.join(ROOT, file), "utf8")));
  expect(overlong).toEqual([]);
});

test("the rule counts prose and tables, not code blocks, link targets or a line's one URL or path", () => {
  const long = "word ".repeat(30).trim();
  const url = `https://example.com/${"a".repeat(130)}`;
  expect(overlongLines("f.md", long)).toEqual(["f.md:1 (149)"]);
  expect(overlongLines("f.md", `| ${long} |`)).toEqual(["f.md:1 (153)"]);
  expect(overlongLines("f.md", `\`\`\`sh\n${long}\n\`\`\`\n${long}`)).toEqual(["f.md:4 (149)"]);
  expect(overlongLines("f.md", `- see [the page](${url}) for more`)).toEqual([]);
  expect(overlongLines("f.md", `See ${url}.`)).toEqual([]);
  expect(overlongLines("f.md", `  \`GET /api/${"x/".repeat(60)}\``)).toEqual([]);
  expect(overlongLines("f.md", `  \`GET /api/${"x/".repeat(60)}\` and more`)).toEqual(["f.md:1 (142)"]);
  expect(overlongLines("f.md", `  \`${"x".repeat(130)}\``)).toEqual(["f.md:1 (134)"]);
});
