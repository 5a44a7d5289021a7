// The emulator's read-only page: polls the admin API (GET /__admin/tenants and
// /__admin/tenants/{id}/overview, emulator/admin/ui.ts) and draws one table per kind. Every value is put
// into the page as text (textContent, Node.append of a string), never as HTML, because names come
// from users. The tenant comes from ?tenant=<id> (the demo tenant without one) and the select box;
// ?interval=<ms> sets the polling period (default 1000).

(() => {
  const params = new URLSearchParams(window.location.search);
  const interval = Math.min(Math.max(Number(params.get("interval")) || 1000, 100), 60000);
  let tenantId = params.get("tenant");
  let lastText = "";
  let tenantsText = "";
  let polls = 0;

  const TABLES = [
    {
      id: "venues",
      title: "Venues",
      key: "id",
      columns: [
        ["Name", "name"],
        ["City", "city"],
        ["Country", "country"],
        ["ID", "id", "id"],
      ],
    },
    {
      id: "aps",
      title: "Access points",
      key: "serialNumber",
      columns: [
        ["Name", "name"],
        ["Serial number", "serialNumber", "mono"],
        ["Venue", "venue"],
        ["AP group", "apGroup"],
        ["Model", "model"],
        ["State", "state"],
      ],
    },
    {
      id: "switches",
      title: "Switches",
      key: "id",
      columns: [
        ["Name", "name"],
        ["Serial number", "id", "mono"],
        ["Venue", "venue"],
        ["Description", "description"],
      ],
    },
    {
      id: "networks",
      title: "Networks",
      key: "id",
      columns: [
        ["Name", "name"],
        ["Type", "type"],
        ["SSID", "ssid"],
        ["VLAN", "vlanId"],
        ["ID", "id", "id"],
      ],
    },
    {
      id: "activations",
      title: "Network activations",
      key: "id",
      columns: [
        ["Network", "network"],
        ["Venue", "venue"],
        ["AP groups", (row) => (row.apGroups === null ? "all" : row.apGroups.join(", "))],
        ["ID", "id", "id"],
      ],
    },
    {
      id: "requests",
      title: "Recent request records",
      key: "requestId",
      wide: true,
      columns: [
        ["Time", (row) => new Date(row.timestamp).toLocaleTimeString()],
        ["Status", "status", "status"],
        ["Method", "method"],
        ["Service", "serviceName"],
        ["Object", "entityId", "mono"],
        ["Admin", "admin"],
        ["Errors", (row) => (row.errors || []).join(", ")],
        ["Request ID", "requestId", "id"],
      ],
    },
  ];
  const STATUS_CLASSES = {
    SUCCESS: "status status-success",
    FAIL: "status status-fail",
    PENDING: "status status-pending",
  };

  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
    for (const child of children)
      node.append(child instanceof Node ? child : child === undefined || child === null ? "" : String(child));
    return node;
  }

  function cellOf(row, [, field, style]) {
    const value = typeof field === "function" ? field(row) : row[field];
    const cell = element("td", {}, value);
    if (style === "status") cell.className = STATUS_CLASSES[value] || "status";
    else if (style) cell.className = style;
    return cell;
  }

  function tableOf(def, rows, total) {
    const count = total !== undefined && total !== rows.length ? `${rows.length} of ${total}` : String(rows.length);
    const head = element("tr", {}, ...def.columns.map(([title]) => element("th", { scope: "col" }, title)));
    const body = element("tbody");
    if (rows.length === 0)
      body.append(element("tr", {}, element("td", { colspan: def.columns.length, class: "empty" }, "none")));
    for (const row of rows)
      body.append(element("tr", { "data-key": row[def.key] }, ...def.columns.map((column) => cellOf(row, column))));
    return element(
      "section",
      { id: def.id, class: def.wide ? "wide" : "" },
      element("h2", {}, def.title, element("span", { class: "count" }, count)),
      element("table", {}, element("thead", {}, head), body),
    );
  }

  function render(overview) {
    const tenant = overview.tenant;
    document.getElementById("tenant-details").textContent =
      `${tenant.tenantId} · ${tenant.wifiApiVariant} Wi-Fi API · ${tenant.wifiLicenses} Wi-Fi licences`;
    const sections = TABLES.map((def) =>
      tableOf(def, overview[def.id] || [], def.id === "requests" ? overview.requestCount : undefined),
    );
    document.getElementById("tables").replaceChildren(...sections);
  }

  function renderTenants(tenants) {
    const select = document.getElementById("tenant");
    select.replaceChildren(
      ...tenants.map((t) => element("option", { value: t.tenantId }, t.demo ? `${t.name} (demo)` : t.name)),
    );
    select.value = tenantId;
  }

  function show(state, text) {
    const live = document.getElementById("live");
    live.dataset.state = state;
    live.textContent = text;
  }

  function message(text) {
    const box = document.getElementById("message");
    box.hidden = text === "";
    box.textContent = text;
  }

  async function getJson(path) {
    const response = await fetch(path, { cache: "no-store", headers: { accept: "application/json" } });
    const text = await response.text();
    if (!response.ok) {
      let reason = `${response.status}`;
      try {
        reason = JSON.parse(text).errors[0].message;
      } catch (_) {
        // not the service's error body: the status will do
      }
      throw new Error(`${path} answered ${reason}`);
    }
    return text;
  }

  async function poll() {
    try {
      if (polls % 5 === 0 || tenantId === null) {
        const text = await getJson("/__admin/tenants");
        const tenants = JSON.parse(text).tenants;
        if (tenantId === null && tenants.length > 0) tenantId = (tenants.find((t) => t.demo) || tenants[0]).tenantId;
        if (text !== tenantsText) renderTenants(tenants);
        tenantsText = text;
      }
      const text = await getJson(`/__admin/tenants/${encodeURIComponent(tenantId)}/overview?records=25`);
      if (text !== lastText) render(JSON.parse(text));
      lastText = text;
      message("");
      show("live", `live · updated ${new Date().toLocaleTimeString()}`);
    } catch (error) {
      show("down", "not reachable");
      message(String(error.message || error));
    }
    polls++;
    window.setTimeout(poll, interval);
  }

  document.getElementById("interval").textContent = `${interval / 1000} s`;
  document.getElementById("tenant").addEventListener("change", (event) => {
    tenantId = event.target.value;
    lastText = "";
    const url = new URL(window.location.href);
    url.searchParams.set("tenant", tenantId);
    window.history.replaceState(null, "", url);
    document.getElementById("tables").replaceChildren();
  });
  poll();
})();
