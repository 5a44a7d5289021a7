// Path-template router: a segment tree where literal segments win over {parameters}, with
// backtracking, so that POST /wifi/network/deep (createNetworkDeep) and GET /wifi/network/{networkId} (getNetwork)
// live side by side. Matching is one walk over the path's segments; no regular expressions.
import { pathParamNames } from "../../contract";

interface Leaf<V> {
  value: V;
  paramNames: string[];
}

interface Node<V> {
  literals: Map<string, Node<V>>;
  param?: Node<V>;
  leaves: Map<string, Leaf<V>>;
}

export interface RouteMatch<V> {
  value: V;
  params: Record<string, string>;
}

function newNode<V>(): Node<V> {
  return { literals: new Map(), leaves: new Map() };
}

export class Router<V> {
  private readonly root: Node<V> = newNode();

  add(method: string, template: string, value: V): this {
    let node = this.root;
    for (const segment of splitPath(template)) {
      if (segment.startsWith("{")) {
        node = node.param ??= newNode();
      } else {
        let next = node.literals.get(segment);
        if (!next) node.literals.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.leaves.has(method)) throw new Error(`route ${method} ${template} defined twice`);
    node.leaves.set(method, { value, paramNames: pathParamNames(template) });
    return this;
  }

  match(method: string, path: string): RouteMatch<V> | undefined {
    const values: string[] = [];
    const leaf = walk(this.root, splitPath(path), 0, method, values);
    if (!leaf) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < values.length; i++) {
      try {
        params[leaf.paramNames[i]] = decodeURIComponent(values[i]);
      } catch {
        return undefined;
      }
    }
    return { value: leaf.value, params };
  }
}

/**
 * Where a request's URL has a percent-escape that does not decode (a % without two hex digits, or
 * bytes that are not UTF-8): "path", "query", or undefined when both decode. Checked once, before
 * any route is matched, so that no part of the emulator meets a URIError later.
 */
export function malformedEscapeIn(path: string, query: string): "path" | "query" | undefined {
  if (path.includes("%") && !decodes(path)) return "path";
  if (query.includes("%") && !decodes(query.replace(/\+/g, " "))) return "query";
  return undefined;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.split("/").slice(1);
}

function walk<V>(node: Node<V>, segments: string[], i: number, method: string, values: string[]): Leaf<V> | undefined {
  if (i === segments.length) return node.leaves.get(method);
  const segment = segments[i];
  const literal = node.literals.get(segment);
  if (literal) {
    const found = walk(literal, segments, i + 1, method, values);
    if (found) return found;
  }
  if (node.param && segment !== "") {
    values.push(segment);
    const found = walk(node.param, segments, i + 1, method, values);
    if (found) return found;
    values.pop();
  }
  return undefined;
}
