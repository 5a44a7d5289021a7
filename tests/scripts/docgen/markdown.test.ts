// The generators' Markdown: long paragraphs and list items wrapped without changing what they render,
// and the article before a kind's name chosen by its sound.
import { MARKDOWN_WIDTH, withArticle, wrapMarkdown } from "../../../scripts/docgen/markdown";

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe("wrapMarkdown", () => {
  test("a long paragraph and a long list item become lines within the width, continuations under the item's text", () => {
    const wrapped = wrapMarkdown(`${words(40)}\n\n- ${words(40)}\n  - ${words(40)}`);
    const lines = wrapped.split("\n");
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(100);
    expect(lines.filter((line) => line.startsWith("- "))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("  - "))).toHaveLength(1);
    const item = lines.slice(lines.findIndex((line) => line.startsWith("- ")));
    expect(item[1]).toMatch(/^ {2}word/);
    expect(wrapped.replace(/\s+/g, " ")).toBe(`${words(40)} - ${words(40)} - ${words(40)}`);
  });

  test("code blocks, headings, table rows and short lines stay as they are", () => {
    const text = `# ${words(30)}\n\n\`\`\`ts\n${words(30)}\n\`\`\`\n\n| ${words(30)} |\n\nshort line`;
    expect(wrapMarkdown(text)).toBe(text);
  });

  test("each code span stays whole, paired with its own closing backtick", () => {
    const text = `- \`tenantId\` (string; optional): ${words(12)} (\`nms:tenantId\`) applies; ${words(12)}`;
    const lines = wrapMarkdown(text).split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(100);
      expect((line.match(/`/g) ?? []).length % 2).toBe(0);
    }
  });

  test("no wrapped line starts with what would open a block: a list marker, a heading, a quote", () => {
    for (const marker of ["-", "+", "*", "1.", "2)", "#", "##", ">", "|"]) {
      const text = `a ${"x".repeat(97)} ${marker} tail`;
      const lines = wrapMarkdown(text).split("\n");
      expect(lines.slice(1).some((line) => line.startsWith(`${marker} `))).toBe(false);
      expect(lines.join(" ")).toBe(text);
    }
  });

  test("the width the repository holds every Markdown line to is 120", () => {
    expect(MARKDOWN_WIDTH).toBe(120);
  });
});

test.each([
  ["ApGroup", "an ApGroup"],
  ["Ap", "an Ap"],
  ["Admin", "an Admin"],
  ["Venue", "a Venue"],
  ["Switch", "a Switch"],
  ["UserProfile", "a UserProfile"],
  ["SSID", "an SSID"],
  ["UUID", "a UUID"],
])("withArticle(%s) is %s", (word, expected) => {
  expect(withArticle(word)).toBe(expected);
});
