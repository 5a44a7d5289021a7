// The generated pages are read in terminals and diffs: no line over MARKDOWN_WIDTH characters
// outside code blocks (tests/docs/markdownWidth.test.ts holds every Markdown file of the repository
// to it). The generators write each paragraph and list item on one line; `wrapMarkdown` breaks them.
import { wrap } from "../sdkgen/docs";

export const MARKDOWN_WIDTH = 120;
/** The width generated text wraps at, as the hand-written documents do. */
const WRAP_WIDTH = 100;

/**
 * A word that would start a block if a wrapped line began with it: a list marker, a heading, a
 * quote, a table row, an HTML block, a fence or a setext underline.
 */
function startsBlock(word: string): boolean {
  return /^([-+*]|\d+[.)]|#{1,6}|>.*|\|.*|<.*|=+|`{3,}.*|~{3,}.*)$/.test(word);
}

/**
 * Every paragraph and list item longer than the width, wrapped; continuation lines of an item are
 * indented under its text. Code blocks, headings and table rows are left as they are.
 */
export function wrapMarkdown(markdown: string, width = WRAP_WIDTH): string {
  let fenced = false;
  return markdown
    .split("\n")
    .flatMap((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced || line.length <= width || /^\s*(#|\||```|~~~)/.test(line)) return [line];
      const marker = /^(\s*(?:[-+*]|\d+[.)])\s+|\s*)/.exec(line)![0];
      const continuation = " ".repeat(marker.length);
      return wrap(line.slice(marker.length), width - marker.length, (word) => !startsBlock(word)).map(
        (text, i) => (i === 0 ? marker : continuation) + text,
      );
    })
    .join("\n");
}

/** A word with "a" or "an" before it, by the sound it starts with: an ApGroup, a Venue, a UserProfile, an SSID. */
export function withArticle(word: string): string {
  const acronym = /^[A-Z]{2,}/.test(word);
  const vowelSound = acronym
    ? /^[AEFHILMNORSX]/.test(word)
    : /^[aeiou]/i.test(word) && !/^(u[bcdfgjklmnpqrstvz][aeiou]|uni|eu|one)/i.test(word);
  return `${vowelSound ? "an" : "a"} ${word}`;
}
