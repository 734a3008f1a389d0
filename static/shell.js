// The prebuilt home screen, usable before Python is: language switch, saved-games list, rules pages and the
// new-game dialog (all prebuilt by build.py, texts from the FR/EN catalogue in the page's boot data). A start or a
// resume asked before the engine is ready shows the boot progress in place and is handed to Python the moment it
// is (app.py: `pygamesShell.takePending()`). Marks <html data-shell="ready"> once usable.
//
// Storage it reads (localStorage): "pygames.lang" (also written on a switch), "pygames.saves" (the list of save
// ids) and "pygames.save.<id>" (to label each save; a delete before the engine is ready removes it and its id).
// It never validates a save: an entry it cannot label is listed as unreadable and kept; Python decides on resume.
// A classic script placed in index.html after the home screen and before the prebuilt board fragments, so it runs
// while the parser is still on those: the home is usable sooner.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("boot-data").textContent);
  const root = document.documentElement;
  const LANG_KEY = "pygames.lang", INDEX_KEY = "pygames.saves", SAVE_PREFIX = "pygames.save.";
  const MAX_LISTED = 100, MAX_NAME = 24, MAX_NAMES = 9;
  let pending = null;

  const $ = (id) => document.getElementById(id);
  const ready = () => root.dataset.appState === "ready";
  const lang = () => (root.lang === "fr" ? "fr" : "en");

  /** A catalogue string with {name} arguments (the shell's keys only; a missing key shows itself). */
  function t(key, args = {}) {
    const template = data.shell[lang()][key];
    if (template === undefined) return key;
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
  }

  function storageGet(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }  // storage disabled: no saves
  }

  function storageSet(key, value) {
    try { if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch (e) { /* */ }
  }

  function node(tag, attrs = {}, text = null, children = []) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) if (value !== null) el.setAttribute(name, String(value));
    if (text !== null) el.textContent = text;  // always text, never markup: names come from saves
    for (const child of children) el.appendChild(child);
    return el;
  }

  // ------------------------------------------------------------------ language

  function translate() {
    root.lang = lang();
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    for (const el of document.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
    for (const el of document.querySelectorAll(".langs button")) {
      el.setAttribute("aria-pressed", el.getAttribute("lang") === root.lang ? "true" : "false");
    }
  }

  function setLang(value) {
    root.lang = value === "fr" ? "fr" : "en";
    storageSet(LANG_KEY, root.lang);
    translate();
    renderSaves();
    if (!$("newgame").hidden && data.games[newGameId]) showNewGame(newGameId, readForm());
  }

  // ------------------------------------------------------------------ saved games

  function saveIds() {
    let ids;
    try { ids = JSON.parse(storageGet(INDEX_KEY) || "[]"); } catch (e) { return []; }
    return Array.isArray(ids) ? ids.filter((id) => typeof id === "string").slice(0, MAX_LISTED) : [];
  }

  /** Brackets nested outside JSON strings, counted without parsing (core/guard.py's nesting_depth, same rule). */
  function nestingDepth(text) {
    let depth = 0, deepest = 0, inString = false, escaped = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === "\\") escaped = true;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "[" || c === "{") { depth += 1; if (depth > deepest) deepest = depth; }
      else if (c === "]" || c === "}") depth -= 1;
    }
    return deepest;
  }

  /** The stored save's header, or {error: [key, args]} when it cannot be listed (it is then shown as unreadable,
   *  exportable and deletable, never hidden). Only the header is checked here: Python validates on resume. */
  function readSave(text) {
    const limits = data.saveLimits;
    if (text.length > limits.maxChars) return { error: ["core.save.too_big", {}] };
    if (nestingDepth(text) > limits.maxDepth) return { error: ["core.save.too_deep", { limit: limits.maxDepth }] };
    let save;
    try { save = JSON.parse(text); } catch (e) { return { error: ["core.save.not_json", {}] }; }
    if (!save || typeof save !== "object" || Array.isArray(save) || save.app !== "pygames") {
      return { error: ["core.save.not_ours", {}] };
    }
    if (typeof save.game !== "string" || !Object.hasOwn(data.games, save.game)) {
      return { error: ["core.save.unknown_game", { game: String(save.game).slice(0, 40) }] };
    }
    if (!Array.isArray(save.seats) || !Array.isArray(save.history)) return { error: ["core.save.schema", { field: "seats" }] };
    return { save };
  }

  /** What the list says of a readable save: game, players, moves; finished and tutorial games say so. */
  function saveLabel(save) {
    const names = save.seats.slice(0, MAX_NAMES).map((seat, i) => {
      const name = seat && typeof seat.name === "string" ? seat.name.replace(/[\u0000-\u001f\u007f]/g, "").trim() : "";
      const kind = seat && seat.kind === "human" ? "new.default_name" : "new.computer_name";
      return name.slice(0, MAX_NAME) || t(kind, { n: i + 1 });
    });
    let label = t("home.saved", { game: t(`home.game.${save.game}`), players: names.join(", "), moves: save.history.length });
    if (typeof save.tutorial === "string") label += " — " + t("home.learn");
    if (save.over === true) label += " — " + t("home.finished");
    return label;
  }

  /** Every stored save: the index's order first, then any `pygames.save.*` the index lost (storage.py's rule). */
  function storedIds() {
    const ids = saveIds();
    const extra = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith(SAVE_PREFIX) && !ids.includes(key.slice(SAVE_PREFIX.length))) extra.push(key.slice(SAVE_PREFIX.length));
      }
    } catch (e) { /* storage disabled: no saves */ }
    return [...ids, ...extra.sort()].slice(0, MAX_LISTED);
  }

  /** Draws the saved-games list (also called by Python's home screen, so there is one renderer). */
  function renderSaves() {
    const list = $("continue-list");
    list.replaceChildren();
    let shown = 0;
    for (const id of storedIds()) {
      const text = storageGet(SAVE_PREFIX + id);
      if (text === null) continue;
      shown += 1;
      const { save, error } = readSave(text);
      if (error) {
        const reason = t(error[0], error[1]);
        list.appendChild(node("li", { "data-save": id, "data-unreadable": "true" }, null, [
          node("span", { class: "save-label" }, t("home.unreadable", { name: id.slice(0, 40), reason })),
          node("button", { type: "button", "data-command": `export-raw:${id}` }, t("home.export")),
          node("button", { type: "button", "data-command": `delete:${id}`, class: "quiet" }, t("home.delete")),
        ]));
        continue;
      }
      const over = save.over === true;  // a finished game is listed as such, to view, not to resume
      list.appendChild(node("li", { "data-save": id, class: over ? "finished" : null }, null, [
        node("span", { class: "save-label" }, saveLabel(save)),
        node("button", { type: "button", "data-command": `resume:${id}` }, t(over ? "home.view" : "home.resume")),
        node("button", { type: "button", "data-command": `delete:${id}`, class: "quiet" }, t("home.delete")),
      ]));
    }
    $("continue-empty").hidden = shown > 0;
  }

  /** The stored text as it is, as a file (an unreadable save stays the user's). */
  function exportRaw(id) {
    const text = storageGet(SAVE_PREFIX + id);
    if (text === null) return;
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = node("a", { href: url, download: `pygames-${id.slice(0, 60)}.json` });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function deleteSave(id) {
    storageSet(SAVE_PREFIX + id, null);
    storageSet(INDEX_KEY, JSON.stringify(saveIds().filter((other) => other !== id)));
    renderSaves();
  }

  // ------------------------------------------------------------------ screens and the new-game dialog

  let newGameId = null;

  function showScreen(name) {
    for (const id of ["home", "newgame"]) $(id).hidden = id !== name;
  }

  function readForm() {
    return {
      names: [...document.querySelectorAll("[data-seat-name]")].map((el) => el.value),
      kinds: [...document.querySelectorAll("[data-seat-kind]")].map((el) => el.value),
      options: Object.fromEntries([...document.querySelectorAll("[data-option]")].map((el) => [el.dataset.option, el.value])),
      count: Number($("seat-count").value) || 0,
      seed: $("seed").value,
    };
  }

  function renderSeats(previous) {
    const seats = $("seats");
    const count = Number($("seat-count").value);
    seats.replaceChildren();
    for (let i = 0; i < count; i++) {
      const asked = previous && i < previous.kinds.length ? previous.kinds[i] : null;
      const kind = data.seatKinds.includes(asked) ? asked : (i === 0 ? "human" : data.defaultLevel);
      const select = node("select", { "data-seat-kind": i, "aria-label": t("new.kind", { n: i + 1 }) }, null,
                          data.seatKinds.map((value) => node("option", { value }, t(`new.${value}`))));
      select.value = kind;
      const input = node("input", { type: "text", maxlength: MAX_NAME, "data-seat-name": i, autocomplete: "off",
                                    "aria-label": t("new.name", { n: i + 1 }),
                                    placeholder: t("new.default_name", { n: i + 1 }) });
      input.value = previous && i < previous.names.length ? previous.names[i] : "";
      seats.appendChild(node("li", {}, null, [input, select]));
    }
    syncOptionRows();
  }

  /** Per-seat options (`beginner3`) show only for seats that exist (kit.option_applies, same rule). */
  function syncOptionRows() {
    const count = Number($("seat-count").value) || 0;
    for (const el of document.querySelectorAll("[data-option]")) {
      const match = new RegExp(data.perSeatOption).exec(el.dataset.option);
      el.closest("label").hidden = Boolean(match && match[0] === el.dataset.option && Number(match[1]) > count);
    }
  }

  /** The same fields as Python's dialog (app.py reads them back when it starts the game). */
  function showNewGame(gameId, previous = null) {
    const game = data.games[gameId];
    newGameId = gameId;
    showScreen("newgame");
    $("newgame-title").textContent = t("new.title", { game: t(`home.game.${gameId}`) });
    const count = $("seat-count");
    count.replaceChildren(...Array.from({ length: game.players[1] - game.players[0] + 1 },
                                        (_, i) => node("option", { value: game.players[0] + i }, String(game.players[0] + i))));
    count.value = String(previous && previous.count ? previous.count : game.players[0]);
    count.closest("label").hidden = game.players[0] === game.players[1];  // no one-option menu
    renderSeats(previous);
    $("options").replaceChildren(...game.options.map((opt) => {
      const select = node("select", { "data-option": opt.id }, null,
                          opt.labels.map((key, i) => node("option", { value: i }, t(key))));
      select.value = previous && opt.id in previous.options ? previous.options[opt.id] : String(opt.default);
      return node("label", {}, null, [node("span", {}, t(`${gameId}.opt.${opt.id}`)), select]);
    }));
    $("options-box").hidden = false;
    syncOptionRows();
    if (previous) $("seed").value = previous.seed;
  }

  // ------------------------------------------------------------------ rules pages

  // Each rules page is a file of its own (rules/<game>-<lang>.html, prebuilt by build.py), fetched when first opened
  // and then kept in the page as a <template>; the service worker keeps the files for offline play.
  let rulesAsked = 0;
  async function rulesTemplate(name) {
    const known = () => $(`rules-${name}`);
    if (known()) return known();
    const response = await fetch(`rules/${name}.html`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    if (known()) return known();  // asked twice meanwhile
    const template = document.createElement("template");
    template.id = `rules-${name}`;
    template.innerHTML = text;  // our own prebuilt page, from our origin
    document.body.append(template);
    return template;
  }

  /** Opens the rules of `gameId` in `language` (the shell's by default), scrolled to `section` if given. */
  async function showRules(gameId, language = lang(), section = "") {
    const asked = ++rulesAsked;
    const name = `${gameId}-${language}`;
    const body = $("rules-body");
    $("rules").hidden = false;
    if (!data.rules.includes(name)) { body.replaceChildren(node("p", {}, t("app.no_rules"))); return; }
    if (!$(`rules-${name}`)) body.replaceChildren(node("p", { "aria-busy": "true" }, t("app.rules_loading")));
    let content;
    try {
      content = (await rulesTemplate(name)).content.cloneNode(true);
    } catch (error) {
      content = node("p", { role: "alert" }, t("app.rules_unavailable"));
    }
    if (asked !== rulesAsked || $("rules").hidden) return;  // another page was asked for, or the panel closed
    body.replaceChildren(content);
    const target = section ? body.querySelector(`[data-section="${CSS.escape(section)}"]`) : null;
    if (target) target.scrollIntoView(); else body.scrollTop = 0;
  }

  // ------------------------------------------------------------------ asked before Python is ready

  /** Shows the boot progress right where the player asked, and keeps the request for Python. */
  function wait(command, place, inside = false) {
    pending = command;
    const loading = $("loading");
    if (inside) place.append(loading); else place.after(loading);
    const title = loading.querySelector("[data-i18n]");
    title.dataset.i18n = "home.waiting";
    title.textContent = t("home.waiting");
    loading.classList.add("inline");
    loading.hidden = false;
    for (const el of document.querySelectorAll("[data-pending]")) el.removeAttribute("data-pending");
    place.setAttribute("data-pending", command);
  }

  function onClick(event) {
    const target = event.target.closest ? event.target.closest("[data-shell-rules],[data-command]") : null;
    if (!target || target.disabled) return;
    if (target.hasAttribute("data-shell-rules")) { showRules(target.dataset.shellRules); return; }
    const [name, ...rest] = target.dataset.command.split(":");
    const arg = rest.join(":");
    if (name === "close-rules") { $("rules").hidden = true; return; }
    if (ready()) return;  // Python handles everything else once it runs
    if (name === "lang") setLang(arg);
    else if (name === "new" && Object.hasOwn(data.games, arg)) showNewGame(arg);
    else if (name === "home") { pending = null; showScreen("home"); }
    else if (name === "start" && newGameId) wait(`start:${newGameId}`, target.closest(".row") || target);
    else if (name === "tutorial" && Object.hasOwn(data.games, arg)) wait(`tutorial:${arg}`, target.closest("li") || target, true);
    else if (name === "resume") wait(`resume:${arg}`, target.closest("li") || target, true);
    else if (name === "delete") deleteSave(arg);
    else if (name === "export-raw") exportRaw(arg);
  }

  window.pygamesShell = {
    renderSaves,
    showRules,
    /** The start/resume (or open dialog) asked before Python was ready, once: "start:<game>", "resume:<id>",
     *  "new:<game>", or null. */
    takePending() {
      const asked = pending || (!$("newgame").hidden && newGameId ? `new:${newGameId}` : null);
      pending = null;
      return asked;
    },
  };

  document.addEventListener("click", onClick);
  $("seat-count").addEventListener("change", () => { if (!ready()) renderSeats(readForm()); });
  if (lang() !== "en") translate();
  else for (const el of document.querySelectorAll(".langs button")) {
    el.setAttribute("aria-pressed", el.getAttribute("lang") === "en" ? "true" : "false");
  }
  renderSaves();
  root.dataset.shell = "ready";
})();
