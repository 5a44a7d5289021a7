// Reading the service's answers: error entries with their secrets scrubbed, JSON that may be
// empty, the API key of a login, and the items of a list in any of its envelopes.
import type { ApiErrorEntry } from "../../contract/errors";
import { collectSecretValues, isSecretObjectPath, REDACTED, scrubSecretFields } from "./secrets";

/** An error entry with secret values replaced, and the secret strings it held (for text redaction). */
export function scrubEntry(entry: ApiErrorEntry): { entry: ApiErrorEntry; secretValues: string[] } {
  const secretValues: string[] = [];
  if (entry.value === undefined) return { entry, secretValues };
  if (isSecretObjectPath(entry.object, entry.value)) {
    collectLeafStrings(entry.value, secretValues);
    return { entry: { ...entry, value: REDACTED }, secretValues };
  }
  secretValues.push(...collectSecretValues(entry.value));
  return { entry: { ...entry, value: scrubSecretFields(entry.value) }, secretValues };
}

/** Every string or number inside `value`, as text: all of it is secret when it sits under a secret field. */
export function collectLeafStrings(value: unknown, into: string[]): void {
  if (typeof value === "string" || typeof value === "number") into.push(String(value));
  else if (value !== null && typeof value === "object")
    for (const inner of Object.values(value)) collectLeafStrings(inner, into);
}

export function tryParseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function apiKeyFromCookies(header: string | string[] | undefined): string | undefined {
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  for (const cookie of cookies) {
    const match = /^\s*API-KEY=([^;]*)/i.exec(cookie);
    if (match && match[1]) return match[1];
  }
  return undefined;
}

/**
 * The answer of a list operation: an array, an object holding the array in `content` with `totalElements` (listGuestUsers), or in
 * `data` (and maybe `totalCount`).
 */
export function listItemsOf(body: unknown): { items: unknown[]; total?: number } | undefined {
  if (Array.isArray(body)) return { items: body };
  if (body !== null && typeof body === "object") {
    const { content, totalElements, data, totalCount } = body as {
      content?: unknown;
      totalElements?: unknown;
      data?: unknown;
      totalCount?: unknown;
    };
    if (Array.isArray(content))
      return { items: content, total: typeof totalElements === "number" ? totalElements : undefined };
    if (Array.isArray(data)) return { items: data, total: typeof totalCount === "number" ? totalCount : undefined };
  }
  return undefined;
}
