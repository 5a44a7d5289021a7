// Names of the generated resources and variables, from the objects' own names: "HQ Office" is the
// resource "hq-office" in the variable hqOffice. Real tenants hold duplicate names (two recipients
// "On-call", a "Lobby" group in every venue): a name already taken is tried with its owner's name
// in front ("branch-lobby"), then with its kind ("lobby-ap-group"), then numbered ("on-call-2").

/** "VenueRadio" → "venue radio", "ApLanPorts" → "ap lan ports". */
export function words(kind: string): string {
  return kind.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** Lower-case words of letters and digits joined by "-": "HQ Office (2nd)" → "hq-office-2nd". */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "hq-office" → "hqOffice"; a name that would start with a digit gets "_" in front. */
export function camel(slugged: string): string {
  const joined = slugged.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** Words a generated variable may not be: reserved words, and the names the program itself uses. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with as implements interface let " +
    "package private protected public static yield any boolean number string symbol type from of await async undefined " +
    "pulumi nms config"
  ).split(" "),
);

/** Resource names and variables given in one program, shared by the namers of its tenants. */
export interface NamesGiven {
  readonly names: Set<string>;
  readonly variables: Set<string>;
}

export const noNamesGiven = (): NamesGiven => ({ names: new Set(), variables: new Set() });

export class Namer {
  /** Names given so far by this namer (before the prefix), with the kind each was given to. */
  private readonly names = new Map<string, string>();

  /**
   * `prefix`: put in front of every name (a tenant's, when one program manages several tenants: "acme-hq-office"), and
   * `given`: what other namers of the program gave, so that its resource names and variables stay unique ("acme" with
   * a venue "2 HQ" and "acme-2" with a venue "HQ" cannot both have "acme-2-hq").
   */
  constructor(
    private readonly prefix = "",
    private readonly given: NamesGiven = noNamesGiven(),
  ) {}

  /**
   * A resource name and variable for an object of `kind` labelled `label`, unique among those given so far: the
   * label; taken, the owner's label in front; then, when another kind holds it, the kind behind; then numbered.
   */
  name(kind: string, label: string, ownerLabel: string | undefined): { name: string; variable: string } {
    const kindWords = words(kind);
    const own = slug(label) || slug(kindWords);
    const full = (n: string) => (this.prefix === "" ? n : `${this.prefix}-${n}`);
    const free = (n: string | undefined): n is string => !!n && !this.names.has(n) && !this.given.names.has(full(n));
    const tries = [own, ownerLabel ? slug(`${ownerLabel} ${label}`) : undefined];
    if (this.names.has(own) && this.names.get(own) !== kind) tries.push(slug(`${label} ${kindWords}`));
    let name = tries.find(free);
    for (let i = 2; name === undefined; i++) if (free(`${own}-${i}`)) name = `${own}-${i}`;
    this.names.set(name, kind);
    const resourceName = full(name);
    this.given.names.add(resourceName);
    let variable = camel(resourceName);
    if (RESERVED.has(variable)) variable = camel(`${resourceName}-${slug(kindWords)}`);
    const base = variable;
    for (let i = 2; this.given.variables.has(variable); i++) variable = `${base}${i}`;
    this.given.variables.add(variable);
    return { name: resourceName, variable };
  }
}
