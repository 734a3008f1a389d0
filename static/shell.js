// The prebuilt home screen, usable before Python is: language switch, saved-games list, rules pages and the
// new-game dialog (all prebuilt by build.py, texts from the FR/EN catalogue in the page's boot data). It stays their
// only implementation once Python runs: app.py drives them through `window.pygamesShell`. A start or a
// resume asked before the engine is ready shows the boot progress in place and is handed to Python the moment it
// is (app.py: `pygamesShell.takePending()`). Marks <html data-shell="ready"> once usable.
//
// Storage it reads (localStorage): "pygames.lang" (also written on a switch), "pygames.saves" (the list of save
// ids), "pygames.save.<id>" (to label each save) and "pygames.refused" (why Python refused a save on resume,
// with the stored text's fingerprint). A delete can be undone for UNDO_MS or until the next command, and only
// then is the save removed (a reload in between keeps it). It never validates a save: an entry it cannot label is
// listed as unreadable and kept; Python decides on resume and says why it refused (`pygamesShell.refused`).
// A classic script placed in index.html after the home screen and before the prebuilt board fragments, so it runs
// while the parser is still on those: the home is usable sooner.
(function () {
  "use strict";
  if (window.pygamesShell) return;  // once per page (pygames/web/dom.py shell_ready may load it again)
  const data = JSON.parse(document.getElementById("boot-data").textContent);
  const root = document.documentElement;
  const ICE_KEY = "pygames.net.ice", ICE_MAX = 4, ICE_LINE = 300;  // pygames/net/ice.py
  const LANG_KEY = "pygames.lang", INDEX_KEY = "pygames.saves", SAVE_PREFIX = "pygames.save.";
  const ANALYSIS_PREFIX = "pygames.analysis.";
  const REFUSED_KEY = "pygames.refused";
  const GUEST_KEY = "pygames.net.guest";  // pygames/web/netplay.py: this device's seat at a table hosted elsewhere
  const MAX_LISTED = 100, MAX_NAME = 24, MAX_NAMES = 9;
  const MAX_NAME_SOURCE = 96;  // pygames/app/session.py: the raw characters of a name looked at
  const UNPRINTABLE = /(?:(?! )\p{Zs})|[\p{C}\p{Zl}\p{Zp}]/gu;
  const ELIDABLE = /(?<![\p{L}\p{N}_'’])(de|que|le|la|De|Que|Le|La) \{(\w+)\}/gu;  // pygames/web/i18n.py
  const VOWELS = "aeiouàâäéèêëîïôöùûüœæ", ELIDED = { de: "d'", que: "qu'", le: "l'", la: "l'" };
  // Python's line breaks (str.splitlines) and white space (str.split, str.strip): pygames/net/ice.py reads the
  // servers' field with them, so the field is checked with them here.
  const PY_LINES = /\r\n|[\n\v\f\r\x1c-\x1e\x85\u2028\u2029]/;
  const PY_SPACES = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
  const PY_EDGES = /^[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
  const pyStrip = (text) => text.replace(PY_EDGES, "");
  const pySplit = (text) => pyStrip(text).split(PY_SPACES).filter(Boolean);
  const UNDO_MS = 8000;  // how long a deleted save can be brought back (the next command also ends it)
  const FOLDED = 3;  // saved games listed before "Show all": the games to start stay near the top
  let pending = null;
  let pendingDelete = null;  // {id, timer}: deleted in the list, still stored until the undo window ends
  let listExpanded = false;

  const $ = (id) => document.getElementById(id);
  const ready = () => root.dataset.appState === "ready";
  const lang = () => (root.lang === "fr" ? "fr" : "en");

  /** Whether a count takes the singular (i18n.singular, same rule): English for 1 only, French for 0 and 1. */
  function singular(value) {
    const count = Math.abs(Number(value));
    return lang() === "fr" ? count < 2 : count === 1;
  }

  /** A catalogue string with {name} arguments, {n:word|words} plurals and French elision (i18n.Catalogue.t, the
   *  same rule: a parity test runs both on every shell string; the shell's keys only; a missing key shows itself). */
  function t(key, args = {}) {
    let template = data.shell[lang()][key];
    if (template === undefined) return key;
    template = template.replace(/\{(\w+):([^{}|]*)\|([^{}]*)\}/g, (whole, name, one, many) => (
      name in args ? (singular(args[name]) ? one : many) : whole));
    if (lang() === "fr" && template.includes(" {")) template = elide(template, args);
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
  }

  /** French elision (i18n.elide): "de", "que", "le", "la" before a field whose text starts with a vowel. */
  function elide(template, args) {
    return template.replace(ELIDABLE, (whole, word, name) => {
      const text = name in args ? String(args[name]) : "";
      if (!text || !VOWELS.includes(text[0].toLowerCase())) return whole;
      const short = ELIDED[word.toLowerCase()];
      return (word[0] === word[0].toUpperCase() ? short[0].toUpperCase() + short.slice(1) : short) + `{${name}}`;
    });
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
    for (const el of document.querySelectorAll(".ice-status[data-key]")) el.textContent = t(el.dataset.key, JSON.parse(el.dataset.args));
    for (const el of document.querySelectorAll(".langs button")) {
      el.setAttribute("aria-pressed", el.getAttribute("lang") === root.lang ? "true" : "false");
    }
  }

  /** The page in `value`: every [data-i18n] text, the saved-games list and an open new-game dialog (its choices
   *  kept). The one language switch, before and after boot: Python calls it too (`remember` false when Python only
   *  applies a language it was given, such as a deep link's, already stored). */
  function setLang(value, remember = true) {
    root.lang = value === "fr" ? "fr" : "en";
    if (remember) storageSet(LANG_KEY, root.lang);
    translate();
    renderSaves();
    if (!$("newgame").hidden && data.games[newGameId]) showNewGame(newGameId, true);
  }

  // ------------------------------------------------------------------ saved games

  function saveIds() {
    const text = storageGet(INDEX_KEY) || "[]", limits = data.saveLimits;
    if (text.length > limits.maxChars || nestingDepth(text) > limits.maxDepth) return [];  // core.parse_json's limits
    let ids;
    try { ids = JSON.parse(text); } catch (e) { return []; }
    return Array.isArray(ids) ? [...new Set(ids.filter((id) => typeof id === "string"))] : [];
  }

  /** Strings in code point order (Python's): a save id may hold any character. */
  function codePointOrder(a, b) {
    const x = Array.from(a), y = Array.from(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
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

  /** A stored name as the game shows it: pygames/app/session.py `clean_name`, the same rule (a parity test runs
   *  both on shared cases): the first MAX_NAME_SOURCE characters, only the printable ones (Python's
   *  str.isprintable: no control, format, surrogate, private or unassigned character, no separator but the
   *  space), no spaces around, then at most MAX_NAME characters (code points, as Python counts). */
  function cleanName(name) {
    if (typeof name !== "string") return "";
    const source = Array.from(name.slice(0, 2 * MAX_NAME_SOURCE)).slice(0, MAX_NAME_SOURCE).join("");
    const kept = source.replace(UNPRINTABLE, "").replace(/^ +| +$/g, "");
    return Array.from(kept).slice(0, MAX_NAME).join("");
  }

  /** The seat names of a readable save, as the game shows them (an unnamed seat gets its kind's default name). */
  function seatNames(save) {
    return save.seats.slice(0, MAX_NAMES).map((seat, i) => {
      const kind = seat && seat.kind === "human" ? "new.default_name" : "new.computer_name";
      return cleanName(seat && seat.name) || t(kind, { n: i + 1 });
    });
  }

  /** Who plays: alone, against the computer, hot-seat (with or without computers), or computers only. */
  function playKind(save) {
    if (save.net && typeof save.net === "object") return "devices";  // hosted for several devices (netplay.py)
    const humans = save.seats.filter((seat) => seat && seat.kind === "human").length;
    const computers = save.seats.length - humans;
    if (humans === 0) return "watch";
    if (humans === 1) return computers ? "computer" : "solo";
    return computers ? "mixed" : "hotseat";
  }

  /** The seats to move as the save records them (public: every view shows them), when they are valid seats. */
  function toMove(save) {
    const seats = save.to_move;
    if (save.over === true || !Array.isArray(seats) || !seats.length || seats.length > save.seats.length) return [];
    return seats.every((p) => Number.isInteger(p) && p >= 0 && p < save.seats.length) ? seats : [];
  }

  /** When the save was last written (seconds since 1970: `updated`, else `created`), or null for older saves. */
  function savedAt(save) {
    const when = [save.updated, save.created].find((v) => typeof v === "number" && Number.isFinite(v) && v > 0);
    const date = when === undefined ? null : new Date(when * 1000);
    return date && !Number.isNaN(date.getTime()) ? date : null;
  }

  function joinNames(names) {
    return names.length <= 1 ? names.join("") : names.slice(0, -1).join(", ") + t("common.and") + names.at(-1);
  }

  /** What the list says of a readable save: the game (tutorial, finished), then players, kind, whose turn, moves
   *  and date. Only what any player may see: the seats to move are in every view. */
  function saveLabel(save) {
    const names = seatNames(save);
    let title = t(`home.game.${save.game}`);
    if (typeof save.tutorial === "string") title += " — " + t("home.learn");
    if (save.over === true) title += " — " + t("home.finished");
    const facts = [t(`home.kind.${playKind(save)}`)];
    const moving = toMove(save);
    if (moving.length) facts.push(t("home.turn", { players: joinNames(moving.map((p) => names[p])) }));
    facts.push(t("home.moves", { moves: save.history.length }));
    const parts = [node("strong", { class: "save-game" }, title), node("span", { class: "save-players" }, names.join(", ")),
                   node("span", { class: "save-facts" }, facts.join(" · "))];
    const date = savedAt(save);
    if (date) {
      const shown = new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(date);
      parts.push(node("time", { datetime: date.toISOString(), class: "save-date" }, t("home.saved_on", { date: shown })));
    }
    return node("span", { class: "save-label" }, null, parts);
  }

  /** Every stored save: the index's order first, then any `pygames.save.*` the index lost (storage.py's rule). */
  function storedIds() {
    const present = new Set();
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith(SAVE_PREFIX)) present.add(key.slice(SAVE_PREFIX.length));
      }
    } catch (e) { /* storage disabled: no saves */ }
    const listed = saveIds().filter((id) => present.has(id)), inIndex = new Set(listed);
    const lost = [...present].filter((id) => !inIndex.has(id)).sort(codePointOrder);
    return [...listed, ...lost].slice(0, MAX_LISTED);
  }

  // ------------------------------------------------------------------ saves Python refused

  /** A short fingerprint of a stored text (FNV-1a and its length): a refusal holds only for the text refused. */
  function fingerprint(text) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return `${text.length}:${(hash >>> 0).toString(16)}`;
  }

  function refusedSaves() {
    let found;
    try { found = JSON.parse(storageGet(REFUSED_KEY) || "{}"); } catch (e) { return {}; }
    return found && typeof found === "object" && !Array.isArray(found) ? found : {};
  }

  /** Why Python refused this stored text on resume ([key, args]), or null (never refused, or changed since). */
  function refusal(id, text) {
    const all = refusedSaves();
    const entry = Object.hasOwn(all, id) ? all[id] : null;
    if (!entry || entry.text !== fingerprint(text) || typeof entry.key !== "string" || !entry.key.startsWith("core.save.")) return null;
    return [entry.key, entry.args && typeof entry.args === "object" ? entry.args : {}];
  }

  /** Python could not resume save `id` (core.InvalidSave `key`, `argsJson`): the list says why and offers
   *  Export and Delete instead of Resume. Remembered on the device for that very text. */
  function refused(id, key, argsJson) {
    const text = storageGet(SAVE_PREFIX + id);
    if (text === null) return;
    let args = {};
    try { args = JSON.parse(argsJson || "{}"); } catch (e) { /* the reason without its values */ }
    const all = refusedSaves();
    all[id] = { key: String(key), args, text: fingerprint(text) };
    storageSet(REFUSED_KEY, JSON.stringify(all));
    renderSaves();
  }

  function forgetRefusal(id) {
    const all = refusedSaves();
    if (!Object.hasOwn(all, id)) return;
    delete all[id];
    storageSet(REFUSED_KEY, Object.keys(all).length ? JSON.stringify(all) : null);
  }

  // ------------------------------------------------------------------ the list

  function button(command, text, quiet = false) {
    return node("button", { type: "button", "data-command": command, class: quiet ? "quiet" : null }, text);
  }

  /** One entry of the list: a save being deleted (Undo), unreadable, refused by Python, or one to resume. */
  function saveItem(id, text) {
    if (pendingDelete && pendingDelete.id === id) {
      const { save } = readSave(text);
      const what = save ? `${t(`home.game.${save.game}`)} (${seatNames(save).join(", ")})` : id.slice(0, 40);
      return node("li", { "data-save": id, "data-deleted": "true", class: "deleted" }, null, [
        node("span", { class: "save-label", id: "deleted-label" }, t("home.deleted", { name: what })),
        node("button", { type: "button", "data-command": `undo-delete:${id}`, "aria-describedby": "deleted-label" },
             t("home.undo")),
      ]);
    }
    const { save, error } = readSave(text);
    if (error) {
      const reason = t(error[0], error[1]);
      return node("li", { "data-save": id, "data-unreadable": "true" }, null, [
        node("span", { class: "save-label" }, t("home.unreadable", { name: id.slice(0, 40), reason })),
        button(`export-raw:${id}`, t("home.export")),
        button(`delete:${id}`, t("home.delete"), true),
      ]);
    }
    const why = refusal(id, text);
    if (why) {
      const label = saveLabel(save);
      label.append(node("span", { class: "save-refused" }, t("home.refused", { reason: t(why[0], why[1]) })));
      return node("li", { "data-save": id, "data-refused": "true" }, null, [
        label, button(`export-raw:${id}`, t("home.export")), button(`delete:${id}`, t("home.delete"), true),
      ]);
    }
    const over = save.over === true;  // a finished game is listed as such, to view, not to resume
    return node("li", { "data-save": id, class: over ? "finished" : null }, null, [
      saveLabel(save),
      button(`resume:${id}`, t(over ? "home.view" : "home.resume")),
      ...(over ? [button(`review-save:${id}`, t("home.replay"))] : []),
      button(`delete:${id}`, t("home.delete"), true),
    ]);
  }

  /** The seat this device holds at a table on another device (pygames/net/guest.py `Guest.to_save`: its token
   *  kept, so "Back to the table" reclaims it, by itself through a spare or with one code), or null. */
  function heldSeat() {
    let record = null;
    try { record = JSON.parse(storageGet(GUEST_KEY) || "null"); } catch (e) { return null; }
    if (!record || typeof record !== "object" || typeof record.token !== "string" || !record.token
        || !Number.isInteger(record.seat) || record.seat < 0 || record.seat >= MAX_NAMES) return null;
    const game = typeof record.game === "string" && Object.hasOwn(data.games, record.game) ? record.game : null;
    return { seat: record.seat, game, name: cleanName(record.name) || t("new.default_name", { n: record.seat + 1 }) };
  }

  function heldItem(held) {
    const game = held.game ? t(`home.game.${held.game}`) : t("home.held.game");
    return node("li", { "data-held": "", "data-testid": "held-seat" }, null, [
      node("span", { class: "save-label" }, t("home.held", { game, seat: held.seat + 1, name: held.name })),
      button("join-table", t("home.held.back")),
      button("forget-seat", t("home.held.forget"), true),
    ]);
  }

  /** Draws the saved-games list (also called by Python's home screen, so there is one renderer). With saves it
   *  comes before the games, so the first one shows without scrolling on a tablet or phone held upright. */
  function renderSaves() {
    const list = $("continue-list");
    const items = [];
    for (const id of storedIds()) {
      const text = storageGet(SAVE_PREFIX + id);
      if (text !== null) items.push(saveItem(id, text));
    }
    const saves = items.length;
    const held = heldSeat();
    if (held) items.unshift(heldItem(held));  // first: a game under way on other devices waits for this one
    const folded = !listExpanded && items.length > FOLDED + 1;
    // The boot progress shown in an entry (a resume asked before boot) stays in the page and in its new entry.
    const loading = $("loading");
    const waiting = list.contains(loading) ? loading.closest("li[data-save]") : null;
    if (waiting) $("app").before(loading);
    list.replaceChildren(...(folded ? items.slice(0, FOLDED) : items));
    const again = waiting && list.querySelector(`li[data-save="${CSS.escape(waiting.dataset.save)}"]`);
    if (again) {
      again.append(loading);
      if (waiting.hasAttribute("data-pending")) again.setAttribute("data-pending", waiting.getAttribute("data-pending"));
    }
    const more = $("continue-more");
    more.hidden = !folded;
    more.textContent = t("home.show_all", { n: saves });
    $("continue-empty").hidden = items.length > 0;
    const block = $("continue"), games = $("games");
    if (items.length && block.nextElementSibling !== games) games.before(block);
    else if (!items.length && games.nextElementSibling !== block) games.after(block);
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

  /** The list shows the save as deleted, with Undo; it is removed from storage when the window ends. */
  function deleteSave(id) {
    commitDelete();
    pendingDelete = { id, timer: setTimeout(commitDelete, UNDO_MS) };
    renderSaves();
    const undo = document.querySelector(`#continue-list [data-command="undo-delete:${CSS.escape(id)}"]`);
    if (undo) undo.focus();
  }

  function undoDelete(id) {
    if (!pendingDelete || pendingDelete.id !== id) return;
    clearTimeout(pendingDelete.timer);
    pendingDelete = null;
    renderSaves();
    const back = document.querySelector(`#continue-list li[data-save="${CSS.escape(id)}"] button`);
    if (back) back.focus();
  }

  /** The pending delete made durable (its window ended, or the player went on to something else). */
  function commitDelete() {
    if (!pendingDelete) return;
    const { id, timer } = pendingDelete;
    clearTimeout(timer);
    pendingDelete = null;
    storageSet(SAVE_PREFIX + id, null);
    storageSet(ANALYSIS_PREFIX + id, null);  // its analysis goes with it (pygames/web/analysing.py)
    storageSet(INDEX_KEY, JSON.stringify(saveIds().filter((other) => other !== id)));
    forgetRefusal(id);
    renderSaves();
  }

  // ------------------------------------------------------------------ screens and the new-game dialog

  let newGameId = null;

  function showScreen(name) {
    for (const id of ["home", "newgame"]) $(id).hidden = id !== name;
  }

  /** The dialog's fields as they stand (option values as their choice index), to draw it again keeping them. */
  function readForm() {
    return {
      names: [...document.querySelectorAll("[data-seat-name]")].map((el) => el.value),
      kinds: [...document.querySelectorAll("[data-seat-kind]")].map((el) => el.value),
      options: Object.fromEntries([...document.querySelectorAll("[data-option]")].map((el) => [el.dataset.option, el.value])),
      count: Number($("seat-count").value) || 0,
      seed: $("seed").value,
      takeback: $("takeback").value,
      devices: $("devices").value,
      table: $("as-table").value,
    };
  }

  /** The STUN/TURN servers a user entered (pygames/net/ice.py `check`, same rule; netplay.py reads them back): one a
   *  line, `stun:host[:port]` or `turn(s):host[:port][?transport=udp|tcp] username credential`. Returns the lines
   *  to store and the first problem as [key, args] (its 1-based line), or null. */
  function checkIce(text) {
    const url = /^(stun|turns?):(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?(\?transport=(udp|tcp))?$/;
    const kept = [];
    const lines = String(text).split(PY_LINES).map((line, i) => [i + 1, pyStrip(line)]).filter(([, line]) => line);
    for (const [n, line] of lines) {
      const fields = pySplit(line), match = url.exec(fields[0]);
      const where = { line: n, text: Array.from(fields[0]).slice(0, 60).join("") };
      const long = Array.from(line).length > ICE_LINE;  // characters, as Python counts them
      if (!match || long || (match[1] === "stun" && match[4])) return [kept, ["net.ice.bad_url", where]];
      if (match[1] === "stun" && fields.length !== 1) return [kept, ["net.ice.extra", where]];
      if (match[1] !== "stun" && fields.length !== 3) return [kept, ["net.ice.login", where]];
      kept.push(fields.join(" "));
    }
    return kept.length > ICE_MAX ? [kept, ["net.ice.too_many", { n: ICE_MAX }]] : [kept, null];
  }

  /** The settings field `prefix` saved: checked first, so bad input keeps the field as typed and the stored
   *  servers as they were; the other field (home's, the dialog's) shows what is stored. */
  function saveIce(prefix) {
    const box = $(`${prefix}-text`), status = $(`${prefix}-status`);
    if (!box || !status) return;
    const [kept, problem] = checkIce(box.value);
    const [key, args] = problem || (kept.length ? ["net.ice.saved", { n: kept.length }] : ["net.ice.cleared", {}]);
    status.dataset.key = key;
    status.dataset.args = JSON.stringify(args);
    status.textContent = t(key, args);
    status.classList.toggle("ice-bad", Boolean(problem));
    box.setAttribute("aria-invalid", problem ? "true" : "false");
    if (problem) { box.focus(); return; }
    storageSet(ICE_KEY, kept.length ? kept.join("\n") : null);
    for (const other of document.querySelectorAll(".ice-text")) other.value = kept.join("\n");
  }

  /** Several devices (the dialog's "Players on several devices"): a seat is this device ("here"), a device that
   *  will join ("remote") or a computer level; this device may instead be the table (no seat of its own). */
  function severalDevices() { return $("devices").value === "on"; }
  function isTable() { return severalDevices() && $("as-table").value === "on"; }
  function kindsOffered() {
    if (!severalDevices()) return data.seatKinds;
    return [...(isTable() ? [] : ["here"]), "remote", ...data.seatKinds.filter((kind) => kind !== "human")];
  }
  function defaultKind(i) {
    if (!severalDevices()) return i === 0 ? "human" : data.defaultLevel;
    return i === 0 && !isTable() ? "here" : "remote";
  }

  /** The seats played on other devices and this device's own seat (null: it is the table), or null with one
   *  device: what pygames.net.host.Host takes (pygames/app/dialog.py `net_seats` checks it). */
  function netSeats(kinds) {
    if (!severalDevices()) return null;
    const here = kinds.indexOf("here");
    return { remote: kinds.flatMap((kind, i) => (kind === "remote" ? [i] : [])), here: here < 0 ? null : here,
             table: isTable() };
  }

  /** What the player chose, as JSON for Python to start the game from (app.py `start_from_form`): the seats' names
   *  and kinds, the options shown (as the game's own choice values), the seed as typed, and the take-back setting
   *  when it is offered. */
  function newGameForm() {
    const options = {};
    for (const opt of newGameId ? data.games[newGameId].options : []) {
      const el = document.querySelector(`[data-option="${CSS.escape(opt.id)}"]`);
      if (el && !el.closest("label").hidden) options[opt.id] = opt.values[Number(el.value)];
    }
    const form = readForm();
    const kinds = form.kinds.map((kind) => (kind === "here" || kind === "remote" ? "human" : kind));
    return JSON.stringify({ game: newGameId, names: form.names, kinds, options, seed: form.seed,
                            takeback: !$("takeback-row").hidden && form.takeback === "on", net: netSeats(form.kinds) });
  }

  function renderSeats(previous) {
    const seats = $("seats");
    const count = Number($("seat-count").value);
    $("devices-row").hidden = count < 2;  // one player: nothing to share between devices
    if (count < 2) $("devices").value = "off";
    seats.replaceChildren();
    for (let i = 0; i < count; i++) {
      const asked = previous && i < previous.kinds.length ? previous.kinds[i] : null;
      const offered = kindsOffered();
      const kind = offered.includes(asked) ? asked : defaultKind(i);
      const select = node("select", { "data-seat-kind": i, "aria-label": t("new.kind", { n: i + 1 }) }, null,
                          offered.map((value) => node("option", { value }, t(`new.${value}`))));
      select.value = kind;
      const input = node("input", { type: "text", maxlength: MAX_NAME, "data-seat-name": i, autocomplete: "off",
                                    "aria-label": t("new.name", { n: i + 1 }),
                                    placeholder: t("new.default_name", { n: i + 1 }) });
      input.value = previous && i < previous.names.length ? previous.names[i] : "";
      seats.appendChild(node("li", {}, null, [input, select]));
    }
    syncOptionRows();
    syncTakeback();
  }

  /** The take-back setting is offered to one player against the computer only (one human seat, at least one
   *  computer): in hot-seat the standard undo is the only rule (pygames/app/session.py `takeback_applies`). */
  function syncTakeback(event) {
    const kinds = [...document.querySelectorAll("[data-seat-kind]")].map((el) => el.value);
    const humans = kinds.filter((kind) => kind === "human").length;
    $("takeback-row").hidden = severalDevices() || !(humans === 1 && kinds.length > humans);
    $("table-row").hidden = !severalDevices();
    $("ice-row").hidden = !severalDevices();
    const changed = event && event.target && event.target.hasAttribute ? event.target : null;
    if (changed && changed.hasAttribute("data-seat-kind") && changed.value === "here") {  // one seat on this device: another "here" becomes a joining device
      for (const el of document.querySelectorAll("[data-seat-kind]")) if (el !== changed && el.value === "here") el.value = "remote";
    }
  }

  /** Options show only for the seat counts they apply to (a beginner variant for seat 5, PAX's solo level): the
   *  counts are worked out at build time (pygames/app/dialog.py `option_applies`, listed in `shown`). */
  function syncOptionRows() {
    const count = Number($("seat-count").value) || 0;
    const options = newGameId && data.games[newGameId] ? data.games[newGameId].options : [];
    for (const el of document.querySelectorAll("[data-option]")) {
      const opt = options.find((o) => o.id === el.dataset.option);
      el.closest("label").hidden = !opt || !opt.shown.includes(count);
      if (opt) offerChoices(el, opt.needs, count, opt.default);
    }
  }

  /** Hide (and disable) the choices that need more seats (`needs`, from pygames/app/dialog.py `choice_needs`): a
   *  2-player PAX game offers no Player 3 as its start player; one hidden while chosen falls back to the default. */
  function offerChoices(select, needs, count, fallback) {
    needs.forEach((need, i) => { select.options[i].hidden = select.options[i].disabled = count < need; });
    if (count < needs[Number(select.value) || 0]) select.value = String(fallback);
  }

  /** Opens the new-game dialog of `gameId` (before and after boot: app.py calls it too). It starts from the
   *  defaults, unless `keep` and it is already that game's dialog: then the choices made are kept. */
  function showNewGame(gameId, keep = false) {
    const game = data.games[gameId];
    const previous = keep && newGameId === gameId && $("seats").firstChild ? readForm() : null;
    newGameId = gameId;
    showScreen("newgame");
    $("newgame-title").textContent = t("new.title", { game: t(`home.game.${gameId}`) });
    const count = $("seat-count");
    count.replaceChildren(...Array.from({ length: game.players[1] - game.players[0] + 1 },
                                        (_, i) => node("option", { value: game.players[0] + i }, String(game.players[0] + i))));
    count.value = String(previous && previous.count ? previous.count : game.players[0]);
    count.closest("label").hidden = game.players[0] === game.players[1];  // no one-option menu
    $("devices").value = previous ? previous.devices : "off";
    $("as-table").value = previous ? previous.table : "off";
    renderSeats(previous);
    $("options").replaceChildren(...game.options.map((opt) => {
      const select = node("select", { "data-option": opt.id }, null,
                          opt.labels.map((key, i) => node("option", { value: i }, t(key))));
      select.value = previous && opt.id in previous.options ? previous.options[opt.id] : String(opt.default);
      return node("label", {}, null, [node("span", {}, t(`${gameId}.opt.${opt.id}`)), select]);
    }));
    $("options-box").hidden = false;
    syncOptionRows();
    $("seed").value = previous ? previous.seed : "";  // a new game starts from the defaults, seed included
    // alone against the computer, a move and its reply can be taken back unless the player turns it off
    $("takeback").value = previous ? previous.takeback : "on";
    syncTakeback();
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

  // The rules panel is a modal dialog: its Close button stays at the top (sticky), Esc and a tap on the backdrop close
  // it, focus moves into it when it opens, stays inside while it is open and goes back to the opener after.
  let rulesOpener = null;
  let lastPressed = null;  // the control last pressed: the opener when a tap does not focus it (Safari)
  const FOCUSABLE = "button, [href], input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";

  function openRulesPanel() {
    const panel = $("rules");
    if (panel.hidden) {
      const active = document.activeElement;
      rulesOpener = active && active !== document.body && !panel.contains(active) ? active : lastPressed;
      panel.hidden = false;
    }
    $("rules-close").focus();
  }

  function closeRules() {
    const panel = $("rules");
    const opener = rulesOpener;
    rulesOpener = null;
    panel.hidden = true;
    if (opener && opener.isConnected && opener.offsetParent !== null) opener.focus();
  }

  function rulesFocusable() {
    return [...$("rules").querySelectorAll(FOCUSABLE)].filter((el) => !el.disabled && el.offsetParent !== null);
  }

  /** Esc closes the rules; Tab and Shift+Tab go round inside them. */
  function onKeydown(event) {
    if ($("rules").hidden) return;
    if (event.key === "Escape") {
      event.preventDefault();
      closeRules();
    } else if (event.key === "Tab") {
      const inside = rulesFocusable();
      const first = inside[0], last = inside.at(-1);
      const active = document.activeElement;
      if (!$("rules").contains(active)) { event.preventDefault(); first.focus(); }
      else if (event.shiftKey && active === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && active === last) { event.preventDefault(); first.focus(); }
    }
  }

  /** Focus that leaves the open rules (a click behind them, assistive tech) is brought back in. */
  function onFocusIn(event) {
    if (!$("rules").hidden && !$("rules").contains(event.target)) $("rules-close").focus();
  }

  /** Opens the rules of `gameId` in `language` (the shell's by default), scrolled to `section` if given. */
  async function showRules(gameId, language = lang(), section = "") {
    const asked = ++rulesAsked;
    const name = `${gameId}-${language}`;
    const body = $("rules-body");
    openRulesPanel();
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
    if (target) target.scrollIntoView(); else $("rules").querySelector(".cover-box").scrollTop = 0;
  }

  // ------------------------------------------------------------------ the game's drawer

  // The game's settings (Confirm taps, Sound, the computer's speed) and its rarer commands (Export, Restart) live in
  // #drawer, a native modal <dialog>, so the game's menu stays one row: Options opens it (its aria-expanded says so);
  // Esc, Close, a tap on the backdrop (a second tap on Options lands there) close it, and focus goes back to
  // Options. A command that leads elsewhere closes it before Python handles it (a question it asks is not hidden).
  const LEAVES_DRAWER = new Set(["export", "restart", "net-lobby", "review"]);

  function openDrawer() {
    const drawer = $("drawer");
    if (drawer.open) return;
    const under = $("drawer-toggle").getBoundingClientRect();  // the panel hangs just under Options
    const top = Math.max(8, Math.round(under.bottom + 6));
    drawer.style.top = `${top}px`;
    drawer.style.right = `${Math.max(8, Math.round(window.innerWidth - under.right))}px`;
    drawer.style.maxHeight = `${window.innerHeight - top - 8}px`;
    drawer.showModal();  // focus moves in (to Close, its first control) and stays inside while it is open
    if (drawer.getBoundingClientRect().left < 8) drawer.style.right = "8px";  // a narrow screen: as wide as it allows
    $("drawer-toggle").setAttribute("aria-expanded", "true");
  }

  function closeDrawer(refocus = true) {
    const drawer = $("drawer");
    if (!drawer.open) return;
    drawer.close();
    const toggle = $("drawer-toggle");
    toggle.setAttribute("aria-expanded", "false");
    if (refocus && toggle.offsetParent !== null) toggle.focus();
  }

  /** However it closed (Esc included), Options says so and gets the focus back unless something else took it. */
  function onDrawerClosed() {
    const toggle = $("drawer-toggle");
    toggle.setAttribute("aria-expanded", "false");
    const active = document.activeElement;
    const free = !active || active === document.body || $("drawer").contains(active);
    if (free && $("cover").hidden && toggle.offsetParent !== null) {
      toggle.focus();
    }
  }

  /** A tap outside the drawer's box: on its backdrop. */
  function onBackdrop(event) {
    const box = $("drawer").getBoundingClientRect();
    return event.target === $("drawer") && (event.clientX < box.left || event.clientX > box.right
      || event.clientY < box.top || event.clientY > box.bottom);
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

  /** Before any handler (Python's too): note the control pressed, the rules' opener if it opens them. */
  function onPress(event) {
    const target = event.target.closest ? event.target.closest("[data-shell-rules],[data-command]") : null;
    if (target && !$("rules").contains(target)) lastPressed = target;
    if (target && $("drawer").contains(target) && LEAVES_DRAWER.has(target.dataset.command)) closeDrawer();
  }

  function onClick(event) {
    if (event.target === $("rules")) { closeRules(); return; }  // the backdrop around the rules
    if (onBackdrop(event)) { closeDrawer(); return; }
    const target = event.target.closest ? event.target.closest("[data-shell-rules],[data-command]") : null;
    if (!target || target.disabled) return;
    const [name, ...rest] = (target.dataset.command || "").split(":");
    const arg = rest.join(":");
    // Deleting is the shell's, before and after Python starts: Undo while the window lasts, any other press ends it.
    if (name === "undo-delete") { undoDelete(arg); return; }
    commitDelete();
    if (target.hasAttribute("data-shell-rules")) { showRules(target.dataset.shellRules); return; }
    if (name === "close-rules") { closeRules(); return; }
    if (name === "drawer") { if ($("drawer").open) closeDrawer(); else openDrawer(); return; }
    if (name === "close-drawer") { closeDrawer(); return; }
    if (name === "delete") { deleteSave(arg); return; }
    if (name === "show-all-saves") { listExpanded = true; renderSaves(); return; }
    if (name === "forget-seat") { storageSet(GUEST_KEY, null); renderSaves(); return; }
    if (name === "ice-save") { saveIce(arg); return; }
    if (ready()) return;  // Python handles everything else once it runs
    if (name === "lang") setLang(arg);
    else if (name === "new" && Object.hasOwn(data.games, arg)) showNewGame(arg);
    else if (name === "home") { pending = null; showScreen("home"); }
    else if (name === "start" && newGameId) wait(`start:${newGameId}`, target.closest(".row") || target);
    else if (name === "tutorial" && Object.hasOwn(data.games, arg)) wait(`tutorial:${arg}`, target.closest("li") || target, true);
    else if (name === "resume") wait(`resume:${arg}`, target.closest("li") || target, true);
    else if (name === "review-save") wait(`review-save:${arg}`, target.closest("li") || target, true);
    else if (name === "export-raw") exportRaw(arg);
    else if (name === "join-table") wait("join-table", target.closest("p") || target);
    else if (name === "history") wait("history", target.closest("p") || target);
  }

  window.pygamesShell = {
    renderSaves,
    showRules,
    refused,
    setLang,
    showNewGame,
    newGameForm,
    /** The page's language: boot.js chose it (the saved choice, else the browser's) before anything ran. */
    lang,
    /** The start/resume (or open dialog) asked before Python was ready, once: "start:<game>", "resume:<id>",
     *  "new:<game>", or null. */
    takePending() {
      const asked = pending || (!$("newgame").hidden && newGameId ? `new:${newGameId}` : null);
      pending = null;
      return asked;
    },
  };

  document.addEventListener("click", onPress, true);
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKeydown);
  document.addEventListener("focusin", onFocusIn);
  $("drawer").addEventListener("close", onDrawerClosed);
  $("drawer").addEventListener("cancel", () => $("drawer-toggle").setAttribute("aria-expanded", "false"));  // Esc
  // Leaving the game screen (the end of the game, Quit) or the pass-the-device cover coming up (the computer moved
  // meanwhile) closes the drawer: nothing stays over the cover, and the drawer never opens again by itself.
  const drawerWatch = new MutationObserver(() => {
    if (!$("drawer").open || (!$("game").hidden && $("cover").hidden)) return;
    closeDrawer(false);
    if (!$("cover").hidden) $("reveal-button")?.focus();  // it could not take the focus under the drawer
  });
  for (const id of ["game", "cover"]) drawerWatch.observe($(id), { attributes: true, attributeFilter: ["hidden"] });
  // While the game screen shows, the page is one screen (static/app.css, html[data-table=on]): an attribute that
  // follows #game's own `hidden`, wherever it is set (a screen change, a host's lobby over its table), read by CSS
  // with no :has() selector that every change of the page would go through.
  const tableShown = () => { root.dataset.table = $("game").hidden ? "off" : "on"; };
  new MutationObserver(tableShown).observe($("game"), { attributes: true, attributeFilter: ["hidden"] });
  tableShown();
  // The dialog's own fields answer in the page, before and after boot: Python only opens it and reads it back.
  $("seat-count").addEventListener("change", () => renderSeats(readForm()));
  $("seats").addEventListener("change", syncTakeback);
  // Players on several devices on or off: every seat takes that mode's default (this device, then devices that join;
  // or you and the computer), as a seat left a computer would make Start refuse. The table switch keeps the others.
  $("devices").addEventListener("change", () => renderSeats({ ...readForm(), kinds: [] }));
  $("as-table").addEventListener("change", () => renderSeats(readForm()));
  if (lang() !== "en") translate();
  else for (const el of document.querySelectorAll(".langs button")) {
    el.setAttribute("aria-pressed", el.getAttribute("lang") === "en" ? "true" : "false");
  }
  for (const box of document.querySelectorAll(".ice-text")) box.value = storageGet(ICE_KEY) || "";
  renderSaves();
  root.dataset.shell = "ready";
})();
