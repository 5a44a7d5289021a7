// The pack's rules on administrators: addresses inside the organisation's domains, and no
// PRIME_ADMIN from outside them.
import { z } from "zod";
import { domainOf, inDomains, violation } from "./common";
import { resourceRule } from "./resourceRule";

const domainsParam = z
  .object({
    domains: z
      .array(z.string().min(1))
      .default([])
      .describe('The organisation\'s e-mail domains, e.g. ["example.com"]; subdomains count. Empty: the rule is off.'),
  })
  .strict();

export const adminInOrgDomains = resourceRule({
  name: "admin-in-org-domains",
  description: "Administrators' e-mail addresses are in the organisation's domains.",
  enforcementLevel: "advisory",
  params: domainsParam,
  kinds: ["Admin"],
  check(admin, { domains }, at, report) {
    const email = admin["email"];
    if (domains.length === 0 || typeof email !== "string" || inDomains(domainOf(email), domains)) return;
    report(
      violation(
        at.kind,
        at.name,
        "email",
        email,
        `outside the organisation's domains (${domains.join(", ")})`,
        "invite the administrator with an address of those domains, or add the domain to admin-in-org-domains.domains",
      ),
    );
  },
});

export const noExternalPrimeAdmin = resourceRule({
  name: "no-external-prime-admin",
  description: "No PRIME_ADMIN from outside the organisation's domains.",
  enforcementLevel: "mandatory",
  params: domainsParam,
  kinds: ["Admin"],
  check(admin, { domains }, at, report) {
    if (domains.length === 0 || admin["role"] !== "PRIME_ADMIN") return;
    const email = admin["email"];
    if (typeof email === "string" && inDomains(domainOf(email), domains)) return;
    report(
      violation(
        at.kind,
        at.name,
        "role",
        "PRIME_ADMIN",
        `given to ${typeof email === "string" ? email : "an administrator without an e-mail address"}, outside ${domains.join(", ")}`,
        'give an outside administrator a lesser role ("ADMIN", "READ_ONLY"), or a PRIME_ADMIN an address of the organisation',
      ),
    );
  },
});
