"use strict";
// swift-mvi DevTools page. Talks to the app over one WebSocket with the protocol documented
// in the MVIDevTools catalog (Protocol.md). No dependencies: plain DOM.
(function () {
  const $ = (id) => document.getElementById(id);
  const KINDS = ["intent", "message", "state", "sideEffect", "failure"];
  const PROTOCOL = 5;
  // What the app writes in place of a sensitive value (`Redaction.placeholder` in Swift).
  const REDACTED = "<redacted>";
  const ROW = 22;
  const MAX_EVENTS = 200000;
  const token = new URLSearchParams(location.search).get("token") || "";

  const model = {
    events: [],            // {seq, store, kind, time, value, text}, by seq
    filtered: [],          // indices into events
    filterDirty: true,
    stores: [],            // from the "stores" frame
    selectedStore: null,
    inspected: null,       // seq of the event shown in the inspector
    mode: "idle",
    selected: null,        // time travel's selected event
    dropped: 0,
    trimmed: 0,
    arrivals: [],          // [time, count] for the rate
    timings: new Map(),    // intent seq -> execution time in ns, measured by the store
    skipped: new Set(),    // seqs left out by a skip (a skipped intent's messages included)
  };
  const filter = { store: "", kinds: new Set(KINDS), text: "" };

  // MARK: The page's place, kept across a reload or a restarted app (localStorage): the
  // inspected event, the filters, the tab, the store shown and where the timeline was.
  const PLACE_KEY = "swift-mvi-devtools.place";
  function loadPlace() {
    try { return JSON.parse(localStorage.getItem(PLACE_KEY)) || {}; } catch (e) { return {}; }
  }
  const place = loadPlace();
  // The event to inspect again once it arrives (a restarted app numbers its events anew: the
  // same number then shows its event at that place).
  let pendingInspected = typeof place.inspected === "number" ? place.inspected : null;
  let placeTimer = null;
  function savePlace() {
    clearTimeout(placeTimer);
    placeTimer = setTimeout(() => {
      try {
        localStorage.setItem(PLACE_KEY, JSON.stringify({
          inspected: model.inspected !== null ? model.inspected : pendingInspected,
          store: filter.store, kinds: [...filter.kinds], text: filter.text, tab: currentTab,
          selectedStore: model.selectedStore, follow: $("follow").checked, scrollTop: $("timeline").scrollTop,
        }));
      } catch (e) { /* storage full or disabled: the page works without it */ }
    }, 200);
  }
  let currentTab = "event";
  if (typeof place.store === "string") filter.store = place.store;
  if (Array.isArray(place.kinds)) filter.kinds = new Set(place.kinds.filter((k) => KINDS.includes(k)));
  if (typeof place.text === "string") filter.text = place.text;
  if (typeof place.selectedStore === "string") model.selectedStore = place.selectedStore;

  // MARK: Connection

  let socket = null;
  let nextID = 1;
  const pending = new Map();
  // Set when the app speaks another protocol version: the page then reads and sends nothing.
  let halted = null;

  function connect() {
    socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
    socket.onopen = () => { if (!halted) setConn("connected", "ok"); };
    socket.onclose = () => { if (!halted) setConn("disconnected — reload to reconnect", "bad"); };
    socket.onmessage = (message) => {
      if (halted) return;
      let frame;
      try { frame = parseExact(message.data); } catch (e) { return; }
      receive(frame);
    };
  }

  // Numbers, exactly: a JavaScript number is a double, which holds 15 to 17 significant digits;
  // a Swift Int64 holds 19, a Decimal 38. A number whose text does not come back from a double
  // (9007199254740993, 9999999999999999, -0, 1e400, 0.12345678901234567891) is kept as its
  // text, so that it shows, is edited, sent back and put in generated tests exactly as the app
  // wrote it: as a JSON.rawJSON value where the browser has them, else as an ExactNumber of
  // this page. A number is exact when its text round-trips through a double, however long.
  const nativeRaw = typeof JSON.rawJSON === "function";
  // A number's text, for browsers without JSON.rawJSON; written back as it is by toJSONText.
  function ExactNumber(text) { this.rawJSON = text; Object.freeze(this); }
  const rawNumber = (text) => (nativeRaw ? JSON.rawJSON(text) : new ExactNumber(text));
  const isRaw = (value) => value instanceof ExactNumber || (nativeRaw && JSON.isRawJSON(value));
  // Text that may hold a number a double would change: 16 digits in a row (a dot allowed among
  // them), an exponent of three digits, or a negative zero. Text without any holds none: a
  // decimal of at most 15 significant digits and an exponent below 100 comes back from a
  // double unchanged. (Only what matches pays for reading numbers one by one.)
  const MAY_CHANGE = /\d[\d.]{15}|[eE][+-]?\d{3}|-0(?:\.0*)?(?:[eE][+-]?\d+)?(?![\d.])/;
  function parseExact(text) {
    if (!MAY_CHANGE.test(text)) return JSON.parse(text);
    if (!nativeRaw) return parseKeepingNumbers(text);
    return JSON.parse(text, (key, value, context) =>
      typeof value === "number" && context && context.source !== undefined && !sameNumber(value, context.source)
        ? JSON.rawJSON(context.source) : value);
  }
  // JSON.parse's value of `text`, with each number a double would change as an ExactNumber (or
  // a JSON.rawJSON value): for browsers whose JSON.parse cannot show a reviver the number's
  // text. JSON.parse reads the text first, so that it fails exactly where JSON.parse fails.
  function parseKeepingNumbers(text) {
    JSON.parse(text);
    const STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/y;
    const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    let i = 0;
    const space = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
    const match = (pattern) => { pattern.lastIndex = i; const m = pattern.exec(text); i = pattern.lastIndex; return m[0]; };
    function value() {
      space();
      const c = text[i];
      if (c === "{") {
        i++;
        const object = {};
        space();
        if (text[i] === "}") { i++; return object; }
        for (;;) {
          space();
          const key = JSON.parse(match(STRING));
          space(); i++;  // the colon
          // As JSON.parse does: an own property, even for "__proto__".
          Object.defineProperty(object, key, { value: value(), writable: true, enumerable: true, configurable: true });
          space();
          if (text[i++] === "}") return object;
        }
      }
      if (c === "[") {
        i++;
        const array = [];
        space();
        if (text[i] === "]") { i++; return array; }
        for (;;) {
          array.push(value());
          space();
          if (text[i++] === "]") return array;
        }
      }
      if (c === '"') return JSON.parse(match(STRING));
      if (c === "t") { i += 4; return true; }
      if (c === "f") { i += 5; return false; }
      if (c === "n") { i += 4; return null; }
      const source = match(NUMBER);
      const number = Number(source);
      return sameNumber(number, source) ? number : rawNumber(source);
    }
    return value();
  }
  // Whether the number `value` is exactly the decimal `source` (as JSON writes numbers).
  function sameNumber(value, source) {
    const text = String(value);  // "0" for -0, which a "-0" source then keeps as its text
    return text === source || decimalKey(text) === decimalKey(source);
  }
  // A decimal number's value as "sign digits exponent", without leading or trailing zeros
  // (a zero keeps its sign: -0 is a double of its own).
  function decimalKey(text) {
    const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
    if (!m) return text;
    let digits = m[2] + (m[3] || "");
    let exponent = Number(m[4] || 0) - (m[3] || "").length;
    digits = digits.replace(/^0+/, "");
    const trimmed = digits.replace(/0+$/, "");
    exponent += digits.length - trimmed.length;
    return trimmed === "" ? `${m[1]}0` : `${m[1]}${trimmed}e${exponent}`;
  }
  // JSON.stringify for values parseExact made: a kept number is written as its text, digit for
  // digit, in every browser. `indent` as JSON.stringify's third argument.
  function toJSONText(value, indent) {
    if (nativeRaw) return JSON.stringify(value, null, indent);
    const gap = indent ? " ".repeat(indent) : "";
    const write = (v, outer) => {
      if (v instanceof ExactNumber) return v.rawJSON;
      if (v === null || typeof v !== "object") return JSON.stringify(v);
      const inner = outer + gap;
      const open = gap ? "\n" + inner : "", close = gap ? "\n" + outer : "", comma = gap ? ",\n" + inner : ",";
      if (Array.isArray(v)) {
        if (!v.length) return "[]";
        return "[" + open + v.map((x) => write(x, inner) ?? "null").join(comma) + close + "]";
      }
      const fields = [];
      for (const key of Object.keys(v)) {
        const text = write(v[key], inner);
        if (text !== undefined) fields.push(JSON.stringify(key) + (gap ? ": " : ":") + text);
      }
      return fields.length ? "{" + open + fields.join(comma) + close + "}" : "{}";
    };
    return write(value, "");
  }

  function setConn(text, cls) { const c = $("conn"); c.textContent = text; c.className = "conn " + cls; }

  function request(type, fields) {
    return new Promise((resolve, reject) => {
      if (halted) { reject({ code: "protocolMismatch", message: halted }); return; }
      const id = nextID++;
      pending.set(id, { resolve, reject });
      socket.send(toJSONText(Object.assign({ type, id }, fields || {})));
    });
  }

  function receive(frame) {
    switch (frame.type) {
      case "hello":
        if (frame.protocol !== PROTOCOL) halt(frame.protocol);
        break;
      case "events": addEvents(frame); break;
      case "skips": applySkips(frame); break;
      case "stores": model.stores = frame.stores; renderStores(); break;
      case "status":
        model.mode = frame.mode; model.selected = frame.selected;
        renderStatus(); scheduleRender(); if (model.selectedStore) renderStateTree();
        break;
      case "reply": settle(frame, true); break;
      case "error":
        if (!settle(frame, false)) toast(`${frame.code}: ${frame.message}`);
        break;
    }
  }

  // The app speaks a protocol this page does not know: stop, as the protocol says. The socket
  // is closed (nothing more is read or sent) and the page is covered by a message saying why.
  function halt(theirs) {
    halted = `This page speaks DevTools protocol ${PROTOCOL}; the app speaks protocol ${JSON.stringify(theirs)}.`;
    for (const waiting of pending.values()) waiting.reject({ code: "protocolMismatch", message: halted });
    pending.clear();
    try { socket.close(1000, "protocol mismatch"); } catch (e) { /* already closed */ }
    setConn("stopped: protocol mismatch", "bad");
    $("halt-text").textContent = halted;
    $("halt").hidden = false;
    for (const control of document.querySelectorAll("button, input, select, textarea")) control.disabled = true;
    document.body.classList.add("halted");
  }

  function settle(frame, ok) {
    const waiting = pending.get(frame.id);
    if (!waiting) return false;
    pending.delete(frame.id);
    ok ? waiting.resolve(frame) : waiting.reject(frame);
    return true;
  }

  // MARK: Events

  function addEvents(frame) {
    if (frame.reset) {
      // The stores' states as last shown: where the new recording starts (for generated tests).
      model.baselines = {};
      for (const s of model.stores) model.baselines[s.name] = s.state;
      model.events = []; model.filtered = []; model.inspected = null; model.trimmed = 0; model.timings.clear();
      model.skipped = new Set();
      renderInspector();
    }
    model.dropped = frame.dropped;
    for (const [seq, ns] of frame.timings || []) model.timings.set(seq, ns);
    if (model.timings.size > MAX_EVENTS) model.timings.delete(model.timings.keys().next().value);
    const events = model.events;
    let ordered = true;
    for (const e of frame.events) {
      if (events.length && e.seq < events[events.length - 1].seq) {
        // Another store's event from the previous push: insert in place.
        let lo = 0, hi = events.length;
        while (lo < hi) { const mid = (lo + hi) >> 1; if (events[mid].seq < e.seq) lo = mid + 1; else hi = mid; }
        events.splice(lo, 0, e);
        ordered = false;
      } else {
        events.push(e);
        if (ordered && !model.filterDirty && matches(e)) model.filtered.push(events.length - 1);
      }
    }
    if (!ordered) model.filterDirty = true;
    if (events.length > MAX_EVENTS) {
      const excess = events.length - MAX_EVENTS;
      events.splice(0, excess);
      model.trimmed += excess;
      model.filterDirty = true;
    }
    model.arrivals.push([performance.now(), frame.events.length]);
    for (const e of frame.events) noteStore(e.store);
    restoreInspected();
    refreshRunningTrace();
    scheduleRender();
  }

  // Inspects the event the page showed before it was reloaded, once it has arrived, and puts
  // the timeline where it was.
  function restoreInspected() {
    if (pendingInspected === null || eventBySeq(pendingInspected) < 0) return;
    model.inspected = pendingInspected;
    pendingInspected = null;
    renderInspector();
    if (place.follow === false) {
      $("follow").checked = false;
      if (model.filterDirty) refilter();
      const row = model.filtered.indexOf(eventBySeq(model.inspected));
      const box = $("timeline");
      box.scrollTop = typeof place.scrollTop === "number" ? place.scrollTop : Math.max(0, row * ROW - box.clientHeight / 2);
    }
  }

  // A skip changed states: mark the skipped events and take the states as they are now
  // (recomputed without the skipped messages, or as recorded again).
  function applySkips(frame) {
    model.skipped = new Set(frame.skipped);
    for (const s of frame.states) {
      const index = eventBySeq(s.seq);
      if (index < 0) continue;
      const e = model.events[index];
      e.value = s.value; e.text = s.text; e.recomputed = s.recomputed;
      e.s = undefined;
    }
    model.filterDirty = true;
    scheduleRender(); renderInspector();
    if (model.selectedStore) { lastStateText = null; renderStateTree(); }
  }

  const seenStores = new Set();
  function noteStore(name) {
    if (seenStores.has(name)) return;
    seenStores.add(name);
    const option = document.createElement("option");
    option.value = name; option.textContent = name;
    $("filter-store").appendChild(option);
  }

  function summary(e) {
    if (e.s === undefined) {
      const text = e.value === null ? e.text : compact(e.value);
      e.s = text.length > 300 ? text.slice(0, 300) + "…" : text;
      e.l = e.s.toLowerCase();
    }
    return e.s;
  }

  function compact(value) {
    // Enum cases encode as {"case":{...}}: show them as case(...).
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && value[keys[0]] && typeof value[keys[0]] === "object" && !isRaw(value[keys[0]])) {
        const inner = value[keys[0]];
        const innerKeys = Object.keys(inner);
        if (innerKeys.length === 0) return "." + keys[0];
        if (!Array.isArray(inner)) {
          return "." + keys[0] + "(" + innerKeys.map((k) => (k.startsWith("_") ? "" : k + ": ") + literal(inner[k])).join(", ") + ")";
        }
      }
    }
    return literal(value);
  }
  // A value as one line of JSON; a redacted value (and one redacted inside) as <redacted>, unquoted.
  function literal(value) {
    return toJSONText(value).split(JSON.stringify(REDACTED)).join(REDACTED);
  }

  function matches(e) {
    if (filter.store && e.store !== filter.store) return false;
    if (!filter.kinds.has(e.kind)) return false;
    if (filter.text) { summary(e); if (!e.l.includes(filter.text) && !e.store.toLowerCase().includes(filter.text)) return false; }
    return true;
  }

  function refilter() {
    const out = [];
    const events = model.events;
    for (let i = 0; i < events.length; i++) if (matches(events[i])) out.push(i);
    model.filtered = out;
    model.filterDirty = false;
  }

  // MARK: Rendering

  let renderQueued = false;
  function scheduleRender() {
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(() => { renderQueued = false; renderTimeline(); renderCounts(); });
  }

  function renderTimeline() {
    if (model.filterDirty) refilter();
    const box = $("timeline");
    const total = model.filtered.length;
    $("timeline-spacer").style.height = total * ROW + "px";
    if ($("follow").checked) box.scrollTop = total * ROW;
    const first = Math.max(0, Math.floor(box.scrollTop / ROW) - 5);
    const count = Math.ceil(box.clientHeight / ROW) + 10;
    const rows = $("timeline-rows");
    rows.style.transform = `translateY(${first * ROW}px)`;
    const html = [];
    for (let i = first; i < Math.min(total, first + count); i++) {
      const e = model.events[model.filtered[i]];
      let cls = e.kind === "failure" ? "row failed" : "row";
      if (e.seq === model.inspected) cls += " inspected";
      if (model.skipped.has(e.seq)) cls += " skipped";
      if (e.recomputed) cls += " recomputed";
      if (model.mode === "stopped" && model.selected !== null) {
        if (e.seq === model.selected) cls += " current"; else if (e.seq > model.selected) cls += " future";
      }
      html.push(`<div class="${cls}" data-seq="${e.seq}"><span class="c-seq">${e.seq}</span><span class="c-time">${clock(e.time)}</span><span class="c-store" title="${esc(e.store)}">${esc(e.store)}</span><span class="c-kind k-${e.kind}">${kindLabel(e.kind)}</span><span class="c-text">${esc(summary(e))}</span></div>`);
    }
    rows.innerHTML = html.join("");
  }

  function kindLabel(kind) { return kind === "sideEffect" ? "effect" : kind; }

  // An intent's case name: `load(page: 2)` and `{"load":{"page":2}}` both give `load`.
  function intentName(e) {
    if (e.value !== null && typeof e.value === "object" && !Array.isArray(e.value) && !isRaw(e.value)) {
      const keys = Object.keys(e.value);
      if (keys.length === 1) return keys[0];
    }
    return (e.value === null ? e.text : compact(e.value)).split("(")[0];
  }

  function clock(seconds) {
    const d = new Date(seconds * 1000);
    const p = (n, w) => String(n).padStart(w, "0");
    return `${p(d.getHours(), 2)}:${p(d.getMinutes(), 2)}:${p(d.getSeconds(), 2)}.${p(d.getMilliseconds(), 3)}`;
  }

  function renderCounts() {
    const now = performance.now();
    model.arrivals = model.arrivals.filter((a) => now - a[0] < 1000);
    const rate = model.arrivals.reduce((sum, a) => sum + a[1], 0);
    const shown = model.filtered.length;
    const all = model.events.length;
    $("counts").textContent = shown === all ? `${all.toLocaleString()} events` : `${shown.toLocaleString()} of ${all.toLocaleString()} events`;
    $("rate").textContent = rate ? `${rate.toLocaleString()}/s` : "";
    const lost = model.dropped + model.trimmed;
    const dropped = $("dropped");
    dropped.hidden = lost === 0;
    dropped.textContent = `${model.dropped.toLocaleString()} events dropped` + (model.trimmed ? `, ${model.trimmed.toLocaleString()} oldest cleared` : "");
  }

  function renderStatus() {
    const mode = $("mode");
    mode.textContent = model.mode; mode.className = "mode mode-" + model.mode;
    const stopped = model.mode === "stopped";
    $("btn-record").disabled = model.mode !== "idle";
    $("btn-stop").disabled = model.mode !== "recording";
    for (const id of ["btn-first", "btn-back", "btn-forward", "btn-last"]) $(id).disabled = !stopped;
    $("btn-cancel").disabled = model.mode === "idle";
    $("btn-jump").disabled = !stopped;
    renderScrub();
    renderSkipButton();
  }

  // The scrubber: one step per event of the whole timeline (filters do not apply), at the
  // selected event; dragging it jumps, the last position winning while a jump is on its way.
  function renderScrub() {
    const scrub = $("scrub"), stopped = model.mode === "stopped", count = model.events.length;
    scrub.disabled = !stopped || count === 0;
    scrub.max = String(Math.max(0, count - 1));
    if (!scrubbing && stopped && model.selected !== null) {
      const index = eventBySeq(model.selected);
      if (index >= 0) scrub.value = String(index);
    }
    $("scrub-label").textContent = stopped && count ? `#${model.selected === null ? "start" : model.selected}` : "";
  }
  let scrubbing = false, scrubTarget = null, scrubSending = false;
  function scrubTo(index) {
    const e = model.events[index];
    if (!e) return;
    scrubTarget = e.seq;
    $("scrub-label").textContent = `#${e.seq}`;
    if (scrubSending) return;
    scrubSending = true;
    const seq = scrubTarget;
    request("jump", { sequence: seq }).catch(fail).finally(() => {
      scrubSending = false;
      if (scrubTarget !== seq) scrubTo(eventBySeq(scrubTarget));
    });
  }

  function renderSkipButton() {
    const index = model.inspected === null ? -1 : eventBySeq(model.inspected);
    const e = index < 0 ? null : model.events[index];
    const button = $("btn-skip");
    const skippable = e !== null && (e.kind === "intent" || e.kind === "message");
    button.disabled = !skippable || model.mode !== "stopped";
    button.textContent = e !== null && model.skipped.has(e.seq) ? "Un-skip" : "Skip";
  }

  function renderStores() {
    const list = $("stores");
    if (!model.selectedStore && model.stores.length) model.selectedStore = model.stores[0].name;
    list.innerHTML = model.stores.map((s) => {
      const badges = [s.recorded ? "recorded" : "", s.sendsIntents ? "intents" : "", s.showsStates ? "edit" : ""].filter(Boolean)
        .map((b) => `<span class="badge">${b}</span>`).join("");
      return `<li data-store="${esc(s.name)}" class="${s.name === model.selectedStore ? "selected" : ""}"><span class="name" title="${esc(s.name)}">${esc(s.name)}</span>${badges}</li>`;
    }).join("");
    fillSelect("send-store", model.stores.filter((s) => s.sendsIntents));
    fillSelect("edit-store", model.stores.filter((s) => s.showsStates));
    fillSelect("test-store", model.stores);
    renderStateTree();
  }

  let lastStateText = null;
  function renderStateTree() {
    const store = model.stores.find((s) => s.name === model.selectedStore);
    $("state-title").textContent = store ? `State · ${store.name}` : "State";
    const text = store ? toJSONText(store.state) + store.text : "";
    if (text === lastStateText) return;
    lastStateText = text;
    const box = $("state-tree");
    box.innerHTML = "";
    if (!store) return;
    box.appendChild(store.state === null ? textNode(store.text || "(not encodable)") : tree(store.state, null, "", 0, new Set()));
  }

  function fillSelect(id, stores) {
    const select = $(id);
    const current = select.value;
    const names = stores.map((s) => s.name).join("\n");
    if (select.dataset.names === names) return;
    select.dataset.names = names;
    select.innerHTML = stores.map((s) => `<option>${esc(s.name)}</option>`).join("");
    if (stores.some((s) => s.name === current)) select.value = current;
    select.dispatchEvent(new Event("change"));
  }

  // MARK: Value trees and diffs

  function textNode(text) { const d = document.createElement("div"); d.className = "leaf"; d.textContent = text; return d; }

  function changedPaths(now, before, path, out) {
    if (toJSONText(now) === toJSONText(before)) return out;
    out.add(path);
    if (now && before && typeof now === "object" && typeof before === "object" && !isRaw(now) && !isRaw(before) && Array.isArray(now) === Array.isArray(before)) {
      for (const key of new Set([...Object.keys(now), ...Object.keys(before)])) {
        changedPaths(now[key], before[key], path + "/" + key, out);
      }
    }
    return out;
  }

  function lookup(value, path) {
    let v = value;
    for (const key of path.split("/").slice(1)) { if (v === null || typeof v !== "object" || isRaw(v)) return undefined; v = v[key]; }
    return v;
  }

  function tree(value, before, path, depth, changed, key) {
    const isChanged = changed.has(path) && path !== "";
    const label = key === undefined ? "" : `<span class="key">${esc(key)}</span>: `;
    if (value !== null && typeof value === "object" && !isRaw(value)) {
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.keys(value).sort().map((k) => [k, value[k]]);
      const details = document.createElement("details");
      details.open = depth < 2 || changed.has(path) && changed.size > 1;
      const summary = document.createElement("summary");
      const shape = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
      summary.innerHTML = `${label}<span class="meta">${shape}</span>`;
      if (isChanged) summary.classList.add("changed");
      details.appendChild(summary);
      for (const [k, v] of entries) details.appendChild(tree(v, before, path + "/" + k, depth + 1, changed, k));
      return details;
    }
    const leaf = document.createElement("div");
    leaf.className = "leaf";
    const cls = value === null ? "null" : value === REDACTED ? "redacted" : typeof value === "string" ? "str" : typeof value === "number" || isRaw(value) ? "num" : "bool";
    // A sensitive value, redacted by the app before it left its process: shown as such, unquoted.
    const shown = value === REDACTED ? "redacted" : toJSONText(value);
    leaf.innerHTML = `${label}<span class="${cls}${isChanged ? " changed" : ""}"${value === REDACTED ? ' title="redacted by the app (Sensitive)"' : ""}>${esc(shown)}</span>`;
    if (isChanged && before !== null) {
      const old = lookup(before, path);
      const was = document.createElement("span");
      was.className = "was"; was.title = "value before";
      was.textContent = old === undefined ? "(new)" : toJSONText(old);
      leaf.appendChild(was);
    }
    return leaf;
  }

  // MARK: Inspector

  function eventBySeq(seq) {
    const events = model.events;
    let lo = 0, hi = events.length - 1;
    while (lo <= hi) { const mid = (lo + hi) >> 1; const s = events[mid].seq; if (s === seq) return mid; if (s < seq) lo = mid + 1; else hi = mid - 1; }
    return -1;
  }

  function renderInspector() {
    const index = model.inspected === null ? -1 : eventBySeq(model.inspected);
    const head = $("event-head"), box = $("event-tree");
    box.innerHTML = ""; $("replay-result").hidden = true;
    if (index < 0) { head.textContent = "Click an event in the timeline."; $("event-actions").hidden = true; $("event-trace").hidden = true; traceShown.seq = null; return; }
    loadTrace(false);
    const e = model.events[index];
    $("event-actions").hidden = false;
    $("btn-replay").disabled = !(e.kind === "intent" || e.kind === "message");
    renderSkipButton();
    let before = null;
    if (e.kind === "state") {
      for (let i = index - 1; i >= 0; i--) { const p = model.events[i]; if (p.store === e.store && p.kind === "state") { before = p.value; break; } }
    }
    head.innerHTML = `<span class="k-${e.kind}"><b>${kindLabel(e.kind)}</b></span> #${e.seq} · <b>${esc(e.store)}</b> · ${clock(e.time)}` +
      (model.skipped.has(e.seq) ? ' · <span class="tag-skipped">skipped</span>' : "") +
      (e.recomputed ? ' · <span class="tag-recomputed" title="recomputed through the reducer without the skipped messages">recomputed</span>' : "") +
      (e.kind === "state" ? (before === null ? ' · <span class="muted">no earlier state in view</span>' : ' · <span class="muted">changes highlighted against the previous state</span>') : "");
    if (e.kind === "failure") {
      const text = document.createElement("div"); text.className = "failure-text"; text.textContent = e.text;
      box.appendChild(text); return;
    }
    if (e.value === null) { box.appendChild(textNode(e.text)); return; }
    const changed = before === null ? new Set() : changedPaths(e.value, before, "", new Set());
    box.appendChild(tree(e.value, before, "", 0, changed));
  }

  // MARK: Causal trace

  // The trace shown is the inspected event's; it is asked for when the inspected event
  // changes, again while work in it still runs (as events arrive), and on ↻.
  let traceShown = { seq: null, running: false, asked: 0 };
  function loadTrace(force) {
    const seq = model.inspected;
    if (seq === null || eventBySeq(seq) < 0 || halted) { $("event-trace").hidden = true; traceShown.seq = null; return; }
    if (!force && traceShown.seq === seq) return;
    traceShown = { seq, running: false, asked: performance.now() };
    request("trace", { sequence: seq }).then((reply) => {
      if (model.inspected !== seq) return;
      renderTrace(reply.trace, seq);
    }).catch(() => { if (model.inspected === seq) $("event-trace").hidden = true; });
  }

  // While a shown trace has work that runs, new events may be its own: ask again, at most
  // twice a second.
  function refreshRunningTrace() {
    if (traceShown.seq === null || !traceShown.running || performance.now() - traceShown.asked < 500) return;
    loadTrace(true);
  }

  function renderTrace(trace, seq) {
    const box = $("trace-body"), panel = $("event-trace");
    box.innerHTML = "";
    panel.hidden = false;
    if (trace === null) {
      box.appendChild(Object.assign(document.createElement("div"), { className: "muted", textContent: "No causes were kept for this event (recorded with call sites off, imported, or a replaced state)." }));
      return;
    }
    let running = false;
    const line = (node) => {
      const li = document.createElement("li");
      if (node.work) {
        const w = node.work, ending = w.ending || "running";
        if (!w.ending) running = true;
        li.innerHTML = `<span class="trace-work">work${w.id === null ? "" : " “" + esc(w.id) + "”"}</span> <span class="tag-ending ${ending}">${ending}</span>` +
          (w.endedBefore === null ? "" : ` <span class="trace-site">before #${w.endedBefore}</span>`);
      } else {
        li.innerHTML = `<a class="trace-event k-${node.kind}" data-seq="${node.sequence}">#${node.sequence} ${kindLabel(node.kind)}</a>` +
          (node.site === null ? "" : ` <span class="trace-site">${esc(node.site)}</span>`);
      }
      if (node.children && node.children.length) {
        const ul = document.createElement("ul");
        for (const child of node.children) ul.appendChild(line(child));
        li.appendChild(ul);
      }
      return li;
    };
    const label = (text) => Object.assign(document.createElement("div"), { className: "trace-label", textContent: text });
    box.appendChild(label(trace.causes.length ? "caused by (nearest first)" : "caused by: nothing recorded (sent from outside the store's code)"));
    if (trace.causes.length) {
      const causes = document.createElement("ul"); causes.className = "trace-list";
      for (const cause of trace.causes) causes.appendChild(line(cause));
      box.appendChild(causes);
    }
    const self = document.createElement("div"); self.className = "trace-self";
    self.innerHTML = `this event: <b class="k-${trace.kind}">#${trace.sequence} ${kindLabel(trace.kind)}</b>` +
      (trace.site === null ? "" : ` <span class="trace-site">${esc(trace.site)}</span>`);
    box.appendChild(self);
    box.appendChild(label(trace.consequences.length ? "caused" : "caused: nothing"));
    if (trace.consequences.length) {
      const tree = document.createElement("ul"); tree.className = "trace-tree";
      for (const node of trace.consequences) tree.appendChild(line(node));
      box.appendChild(tree);
    }
    traceShown.running = running;
  }

  function inspect(seq) {
    model.inspected = seq;
    pendingInspected = null;
    showTab("event"); renderInspector(); scheduleRender(); savePlace();
    // Clicking an event while stopped jumps to it, as in MVIKotlin's time travel view.
    if (model.mode === "stopped") request("jump", { sequence: seq }).catch(fail);
  }

  // MARK: Test generation and timing

  // A Swift string literal of `text` that reads back as exactly `text`, whatever it holds:
  // a plain "…" literal (no raw-string delimiters that data could close), with \\ and \"
  // escaped, and every character that could end a line, hide in an editor or reorder text
  // (controls, U+2028/U+2029, bidirectional overrides, a byte-order mark) written as \u{…}.
  // Lone surrogates, which no Swift String holds, become U+FFFD.
  function swiftLiteral(text) {
    let out = '"';
    for (const ch of String(text)) {
      const c = ch.codePointAt(0);
      if (ch === "\\") out += "\\\\";
      else if (ch === '"') out += '\\"';
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else if (c >= 0xd800 && c <= 0xdfff) out += "\\u{fffd}";
      else if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c === 0x2028 || c === 0x2029 || (c >= 0x202a && c <= 0x202e) ||
        (c >= 0x2066 && c <= 0x2069) || c === 0x200e || c === 0x200f || c === 0xfeff) out += "\\u{" + c.toString(16) + "}";
      else out += ch;
    }
    return out + '"';
  }
  // A value's JSON, as a Swift string literal.
  function swiftString(value) { return swiftLiteral(toJSONText(value)); }
  // Text for a // comment: on one line, with nothing an editor would hide.
  function swiftComment(text) { return swiftLiteral(String(text)).slice(1, -1); }
  // The module a type's reflected name starts with (`App.Counter.State` gives `App`).
  function moduleOf(typeName) { const m = /^([A-Za-z_][A-Za-z0-9_]*)\./.exec(typeName || ""); return m ? m[1] : null; }

  function generateTest(storeName) {
    const events = model.events.filter((e) => e.store === storeName);
    const info = model.stores.find((s) => s.name === storeName) || {};
    const feature = info.feature || "<#Feature#>";
    const stateType = info.stateType || `${feature}.State`;
    const intentType = info.intentType || `${feature}.Intent`;
    const lines = [];
    const steps = [];
    let previous = null;
    let initial = null;
    let reduced = false;
    for (const e of events) {
      if (e.kind === "intent") steps.push({ intent: e.value, state: null, later: e.dispatched === false, before: previous });
      else if (e.kind === "message") reduced = true;
      else if (e.kind === "state" && !reduced) {
        // No message since the previous state: the state was replaced (set from the page).
        steps.push({ replaced: e.value, before: previous });
        previous = e.value;
      } else if (e.kind === "state") {
        reduced = false;
        const step = steps[steps.length - 1];
        // An intent that dispatched nothing as it ran changed the state later, from async work,
        // which send does not wait for.
        if (step && step.state === null) step.state = e.value;
        previous = e.value;
      }
    }
    // The state before the first intent: the last state recorded before it (one set from the
    // debugger included), or the store's state when the recording started.
    const firstIntent = steps.find((step) => step.replaced === undefined);
    if (firstIntent) initial = firstIntent.before;
    if (initial === null && model.baselines && model.baselines[storeName] !== undefined) initial = model.baselines[storeName];
    const name = storeName.replace(/[^A-Za-z0-9]/g, "") || "Store";
    const modules = [...new Set([info.feature, info.stateType, info.intentType].map(moduleOf).filter((m) => m && m !== "Swift"))].sort();
    lines.push("import Foundation", "import MVITesting", "import Testing");
    for (const module of modules) lines.push(`@testable import ${module}`);
    lines.push("", `// Recorded by swift-mvi DevTools: the intents sent to ${swiftLiteral(storeName)} and the states they led to.`);
    lines.push(`@Test func recorded${name}Session() async throws {`);
    lines.push(`    let store = try TestStore(`);
    lines.push(`        ${feature}(),  // with the feature's dependencies, if it has any`);
    lines.push(`        initialState: try decode(${stateType}.self, ${initial === null ? '<#initial state JSON#>' : swiftString(initial)}),`);
    lines.push("        exhaustivity: .off)  // what async work does afterwards is not asserted");
    for (const step of steps) {
      if (step.replaced !== undefined) { lines.push(`    // here the state was set from the debugger: ${swiftComment(toJSONText(step.replaced))}`); continue; }
      if (step.intent === null) { lines.push("    // an intent that is not Encodable was recorded here"); continue; }
      if (step.state === null) lines.push(`    await store.send(try decode(${intentType}.self, ${swiftString(step.intent)}))`);
      else if (step.later) lines.push(`    await store.send(try decode(${intentType}.self, ${swiftString(step.intent)}))  // async work then set ${swiftComment(toJSONText(step.state))}`);
      else lines.push(`    await store.send(try decode(${intentType}.self, ${swiftString(step.intent)})) {\n        $0 = try decode(${stateType}.self, ${swiftString(step.state)})\n    }`);
    }
    lines.push("}", "", "private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {", "    try JSONDecoder().decode(T.self, from: Data(json.utf8))", "}");
    return lines.join("\n");
  }

  // Execution times measured by the stores (monotonic clock, ns), joined to their intents.
  function renderTiming() {
    const rows = new Map();
    for (const e of model.events) {
      if (e.kind !== "intent") continue;
      const ns = model.timings.get(e.seq);
      if (ns === undefined) continue;
      const name = intentName(e);
      const key = e.store + "\u0000" + name;
      if (!rows.has(key)) rows.set(key, { store: e.store, intent: name, times: [] });
      rows.get(key).times.push(ns);
    }
    const ms = (ns) => (ns < 1e6 ? (ns / 1e3).toFixed(ns < 1e4 ? 2 : 1) + " µs" : (ns / 1e6).toFixed(2) + " ms");
    const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    $("timing-table").querySelector("tbody").innerHTML = [...rows.values()].sort((a, b) => b.times.length - a.times.length).map((r) => {
      const sorted = r.times.sort((a, b) => a - b);
      return `<tr><td title="${esc(r.store)}">${esc(r.store)}</td><td title="${esc(r.intent)}">${esc(r.intent)}</td><td>${sorted.length}</td><td>${ms(pct(sorted, 0.5))}</td><td>${ms(pct(sorted, 0.99))}</td></tr>`;
    }).join("");
  }

  // MARK: Wiring

  function esc(text) { return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]); }

  let toastTimer = null;
  function toast(text, info) {
    const t = $("toast"); t.textContent = text; t.className = info ? "info" : ""; t.hidden = false;
    clearTimeout(toastTimer); toastTimer = setTimeout(() => { t.hidden = true; }, 6000);
  }
  const fail = (frame) => toast(`${frame.code}: ${frame.message}`);

  for (const kind of KINDS) {
    const label = document.createElement("label");
    label.innerHTML = `<input type="checkbox"${filter.kinds.has(kind) ? " checked" : ""} data-kind="${kind}"><span class="k-${kind}">${kindLabel(kind)}</span>`;
    $("kind-filters").appendChild(label);
  }
  $("search").value = filter.text;
  if (filter.store) noteStore(filter.store);
  $("filter-store").value = filter.store;
  $("kind-filters").addEventListener("change", (ev) => {
    const kind = ev.target.dataset.kind;
    ev.target.checked ? filter.kinds.add(kind) : filter.kinds.delete(kind);
    model.filterDirty = true; scheduleRender(); savePlace();
  });
  $("filter-store").addEventListener("change", (ev) => { filter.store = ev.target.value; model.filterDirty = true; scheduleRender(); savePlace(); });
  $("search").addEventListener("input", (ev) => { filter.text = ev.target.value.trim().toLowerCase(); model.filterDirty = true; scheduleRender(); savePlace(); });
  $("timeline").addEventListener("scroll", () => {
    const box = $("timeline");
    $("follow").checked = box.scrollTop + box.clientHeight >= box.scrollHeight - ROW;
    scheduleRender(); savePlace();
  });
  $("timeline").addEventListener("click", (ev) => {
    const row = ev.target.closest(".row"); if (!row) return;
    inspect(Number(row.dataset.seq));
  });
  $("trace-body").addEventListener("click", (ev) => {
    const link = ev.target.closest("a.trace-event"); if (!link) return;
    revealEvent(Number(link.dataset.seq));
  });
  $("btn-trace-refresh").addEventListener("click", () => loadTrace(true));
  // Clicking an event in a trace or a rerun's result inspects it and brings it into view.
  function revealEvent(seq) {
    if (eventBySeq(seq) < 0) { toast(`event #${seq} is no longer in the page's timeline`); return; }
    inspect(seq);
    const position = model.filtered.indexOf(eventBySeq(seq));
    if (position >= 0) { $("follow").checked = false; $("timeline").scrollTop = Math.max(0, position * ROW - $("timeline").clientHeight / 2); }
  }
  $("rerun-body").addEventListener("click", (ev) => {
    const link = ev.target.closest("a.rerun-event"); if (!link) return;
    revealEvent(Number(link.dataset.seq));
  });
  $("btn-rerun").addEventListener("click", () => {
    showTab("rerun");
    const box = $("rerun-body");
    box.innerHTML = '<div class="muted" id="rerun-running">Rerunning…</div>';
    request("rerun").then((reply) => renderRerun(reply.rerun)).catch((frame) => {
      box.innerHTML = "";
      box.appendChild(Object.assign(document.createElement("div"), { className: "rerun-verdict bad", textContent: frame.message || String(frame) }));
    });
  });
  function renderRerun(reruns) {
    const box = $("rerun-body");
    box.innerHTML = "";
    if (!reruns.length) { box.textContent = "The recording has no stores."; return; }
    // What needs a look first: differences and failures, then what reproduced, then the
    // stores whose types cannot be rerun.
    const rank = (r) => r.error !== undefined ? (r.rerunnable ? 0 : 2) : (r.faithful ? 1 : 0);
    for (const r of reruns.slice().sort((a, b) => rank(a) - rank(b))) {
      const div = document.createElement("div"); div.className = "rerun-store"; div.dataset.store = r.store;
      const lines = [`<b>${esc(r.store)}</b> `];
      if (r.error !== undefined) {
        if (r.timedOut) {
          const t = r.timedOut;
          const of = t.intents === null ? "" : ` of ${t.intents}`;
          lines.push(`<span class="rerun-verdict bad">⏱ timed out after ${t.sent}${of} intents</span>`);
          if (t.leftRunning.length) lines.push(`<div class="rerun-diff">work left running (cancelled): ${esc(t.leftRunning.join(", "))}</div>`);
        } else {
          lines.push(r.rerunnable ? `<span class="rerun-verdict bad">could not rerun: ${esc(r.error)}</span>`
            : `<span class="muted">not rerun: ${esc(r.error)}</span>`);
        }
      } else {
        const calls = r.answered === 0 || r.unanswered.length || r.unused.length ? ""
          : `, its ${r.answered} dependency call${r.answered === 1 ? "" : "s"} answered from the recording`;
        lines.push(r.divergence === null
          ? `<span class="rerun-verdict ${r.faithful ? "ok" : "bad"}">✓ reproduced: ${r.events} events, ${r.intents} intents sent${calls}</span>`
          : `<span class="rerun-verdict bad">✗ differs at <a class="rerun-event" data-seq="${r.divergence.sequence}">#${r.divergence.sequence}</a> (${esc(r.divergence.kind)})</span>`);
        if (r.divergence !== null) {
          const d = r.divergence;
          lines.push(`<div class="rerun-diff">recorded: ${esc(d.recorded)}\nrerun:    ${esc(d.rerun)}${d.after === null ? "" : "\nafter message " + esc(d.after)}</div>`);
        }
        for (const u of r.undecodable || []) {
          lines.push(`<div class="rerun-diff">✗ recorded result of ${esc(u.name)} (call ${u.call}) does not decode: ${esc(u.reason)}\nrecorded: ${esc(u.recorded)}</div>`);
        }
        if (r.unanswered.length) lines.push(`<div class="rerun-diff">calls without a recorded result (refused): ${esc(r.unanswered.join(", "))}</div>`);
        if (r.unused.length) lines.push(`<div class="rerun-diff">recorded results never asked for: ${esc(r.unused.join(", "))}</div>`);
        if (r.unrecorded.length) lines.push(`<div class="rerun-diff muted">not recordable (ran in this app): ${esc(r.unrecorded.join(", "))}</div>`);
      }
      div.innerHTML = lines.join("");
      box.appendChild(div);
    }
  }
  $("stores").addEventListener("click", (ev) => {
    const item = ev.target.closest("li"); if (!item) return;
    model.selectedStore = item.dataset.store; lastStateText = null; renderStores(); savePlace();
  });
  $("controls").addEventListener("click", (ev) => {
    const button = ev.target.closest("button"); if (!button) return;
    request("control", { action: button.dataset.action }).catch(fail);
  });
  $("btn-jump").addEventListener("click", () => request("jump", { sequence: model.inspected }).catch(fail));
  $("btn-skip").addEventListener("click", () => {
    const seq = model.inspected;
    request("skip", { sequence: seq, skipped: !model.skipped.has(seq) }).catch(fail);
  });
  $("scrub").addEventListener("input", (ev) => { scrubbing = true; scrubTo(Number(ev.target.value)); });
  $("scrub").addEventListener("change", () => { scrubbing = false; });
  $("btn-replay").addEventListener("click", () => {
    request("replay", { sequence: model.inspected }).then((reply) => {
      const r = reply.replay, box = $("replay-result");
      box.hidden = false;
      box.textContent = `Replayed ${r.kind} #${r.sequence} of ${r.store}\n\nstate before:\n${r.stateBefore}\n\nmessages: ${r.messages.join(", ") || "none"}\nside effects: ${r.sideEffects.join(", ") || "none"}\n\nstate after:\n${r.stateAfter}` +
        (r.recordedStateAfter === null ? "" : `\n\nrecorded state after:\n${r.recordedStateAfter}\n${r.recordedStateAfter === r.stateAfter ? "✓ same as recorded" : "✗ differs from the recording"}`);
    }).catch(fail);
  });
  function showTab(name) {
    currentTab = name; savePlace();
    for (const b of $("tabs").querySelectorAll("button")) b.classList.toggle("active", b.dataset.tab === name);
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.id === "tab-" + name);
    if (name === "timing") renderTiming();
    if (name === "send") fillTemplates();
  }
  $("tabs").addEventListener("click", (ev) => { const b = ev.target.closest("button"); if (b) showTab(b.dataset.tab); });

  function fillTemplates() {
    const store = $("send-store").value;
    const seen = new Map();
    for (let i = model.events.length - 1; i >= 0 && seen.size < 30; i--) {
      const e = model.events[i];
      if (e.store !== store || e.kind !== "intent" || e.value === null) continue;
      const text = toJSONText(e.value);
      const shape = compact(e.value).split("(")[0];
      if (!seen.has(shape)) seen.set(shape, text);
    }
    const select = $("send-template");
    select.innerHTML = [...seen.entries()].map(([shape, text]) => `<option value="${esc(text)}">${esc(shape)}</option>`).join("") || "<option value=\"\">(no intents recorded yet)</option>";
    if (seen.size && !$("send-json").value) $("send-json").value = select.value;
  }
  $("send-store").addEventListener("change", () => { $("send-json").value = ""; fillTemplates(); });
  $("send-template").addEventListener("change", (ev) => { if (ev.target.value) $("send-json").value = ev.target.value; });
  $("btn-send").addEventListener("click", () => {
    let intent;
    try { intent = parseExact($("send-json").value); } catch (e) { toast("The intent is not valid JSON"); return; }
    request("sendIntent", { store: $("send-store").value, intent }).then(() => toast("Intent sent", true)).catch(fail);
  });
  $("edit-store").addEventListener("change", () => {
    const store = model.stores.find((s) => s.name === $("edit-store").value);
    $("edit-json").value = store && store.state !== null ? toJSONText(store.state, 2) : "";
  });
  $("btn-edit").addEventListener("click", () => {
    let state;
    try { state = parseExact($("edit-json").value); } catch (e) { toast("The state is not valid JSON"); return; }
    request("setState", { store: $("edit-store").value, state }).then(() => toast(model.mode === "stopped" ? "State set: shown now, kept when you go back to live" : "State set", true)).catch(fail);
  });
  $("btn-test").addEventListener("click", () => { $("test-code").textContent = generateTest($("test-store").value); });
  $("btn-copy").addEventListener("click", () => {
    navigator.clipboard && navigator.clipboard.writeText($("test-code").textContent).then(() => toast("Copied", true));
  });
  $("btn-export").addEventListener("click", () => {
    request("export").then((reply) => {
      const blob = new Blob([toJSONText(reply.recording, 2)], { type: "application/json" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = "recording.json";
      document.body.appendChild(link); link.click(); link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    }).catch(fail);
  });
  $("import-file").addEventListener("change", (ev) => {
    const file = ev.target.files[0]; if (!file) return;
    file.text().then((text) => request("import", { recording: text }))
      .then(() => toast(`Imported ${file.name}`, true)).catch((frame) => frame.code ? fail(frame) : toast(String(frame)));
    ev.target.value = "";
  });
  window.addEventListener("resize", scheduleRender);
  setInterval(renderCounts, 500);

  renderStatus();
  if (typeof place.tab === "string" && document.getElementById("tab-" + place.tab)) showTab(place.tab);
  connect();
  // For tests driving the page: the model (read-only by convention), the test generator and its
  // literal writer, and the frame handler (to feed the page frames as the app would send them).
  window.devtools = { model, generateTest, swiftLiteral, receive: (frame) => { if (!halted) receive(frame); }, parseExact, toJSONText };
})();
