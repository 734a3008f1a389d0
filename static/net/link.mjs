// Several devices at one table: the WebRTC link between a host device and its guests (issue 33), no server.
// Loaded only when pairing (pygames/web/netplay.py imports it), never on the boot path; the service worker keeps it
// (and the QR libraries) for offline as it answers, as it does each game's art.
//
// A pairing code is the SDP cut down to what differs between two devices (docs/design.md, "Several devices"): the ICE user
// fragment and password, the DTLS fingerprint, the DTLS role and the candidates; `expand` writes the rest of the SDP
// back from a constant template. Offer: "1o<slot>~ufrag~pwd~fingerprint~candidates"; answer: "1a<slot>~…" (the
// slot names the host's pending connection it answers). Candidates, comma separated: "h<ip>:<port>" (a host
// address), "m<uuid base64url>:<port>" (an mDNS name <uuid>.local), "s<ip>:<port>" (server reflexive), "r…" (relay).
// Nothing contacts another host unless the user entered a STUN/TURN server (`iceServers`, empty by default).
"use strict";

export const GATHER_MS = 4000;  // gathering that never ends (no usable interface) stops here
export const CONNECT_MS = 12000;  // a scanned answer that does not connect by then: a clear reason, no spinner
const CODE_RE = /^1[oap][0-9a-z]{1,6}~[A-Za-z0-9+/]{4,256}~[A-Za-z0-9+/]{22,256}~[A-Za-z0-9_-]{43}~[^~\s]{0,800}$/;
const ROLES = { o: "actpass", a: "active", p: "passive" };

const b64u = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64u = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");

function field(sdp, name) {
  const m = new RegExp("^a=" + name + ":(.*)$", "m").exec(sdp);
  return m ? m[1].trim() : null;
}

function candidateCode(line) {
  // a=candidate:<foundation> <component> <proto> <priority> <address> <port> typ <type> ...
  const parts = line.split(" ");
  if (parts.length < 8 || parts[2].toLowerCase() !== "udp" || parts[1] !== "1") return null;
  const [addr, port, type] = [parts[4], parts[5], parts[7]];
  const uuid = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i.exec(addr);
  if (uuid && type === "host") {
    const bytes = Uint8Array.from(uuid.slice(1).join("").match(/../g), (h) => parseInt(h, 16));
    return `m${b64u(bytes)}:${port}`;
  }
  const letter = { host: "h", srflx: "s", relay: "r", prflx: null }[type];
  return letter ? `${letter}${addr}:${port}` : null;
}

/** The pairing code of a local description (`kind`: "o" offer, else the answer's role letter) for `slot`. */
export function compact(sdp, slot) {
  const setup = field(sdp, "setup");
  const kind = setup === "actpass" ? "o" : setup === "passive" ? "p" : "a";
  const fp = field(sdp, "fingerprint");
  if (!fp || !fp.toLowerCase().startsWith("sha-256 ")) throw new Error("no sha-256 fingerprint");
  const bytes = Uint8Array.from(fp.slice(8).split(":"), (h) => parseInt(h, 16));
  const cands = [...sdp.matchAll(/^a=(candidate:.*)$/gm)].map((m) => candidateCode(m[1].trim())).filter(Boolean);
  return `1${kind}${slot}~${field(sdp, "ice-ufrag")}~${field(sdp, "ice-pwd")}~${b64u(bytes)}~${[...new Set(cands)].join(",")}`;
}

/** {kind, slot, ufrag, pwd, fingerprint, candidates} of a code, or null when it is not one. */
export function parse(code) {
  code = String(code || "").trim();
  const hash = code.indexOf("#join=");
  if (hash >= 0) code = decodeURIComponent(code.slice(hash + 6));
  if (code.length > 1200 || !CODE_RE.test(code)) return null;
  const [head, ufrag, pwd, fp, cands] = code.split("~");
  const candidates = [];
  for (const c of cands ? cands.split(",") : []) {
    const colon = c.lastIndexOf(":");
    const port = Number(c.slice(colon + 1));
    if (colon < 2 || !(port > 0 && port < 65536)) return null;
    let addr = c.slice(1, colon);
    const type = { h: "host", m: "host", s: "srflx", r: "relay" }[c[0]];
    if (!type) return null;
    if (c[0] === "m") {
      const h = [...unb64u(addr)].map((b) => b.toString(16).padStart(2, "0")).join("");
      if (h.length !== 32) return null;
      addr = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
    } else if (!/^[0-9a-fA-F.:]+$/.test(addr)) {
      return null;
    }
    candidates.push({ type, addr, port });
  }
  return { kind: head[1], slot: head.slice(2), ufrag, pwd, fingerprint: hex(unb64u(fp)), candidates };
}

/** The whole SDP a browser accepts, written back from a parsed code. */
export function expand(p) {
  const lines = ["v=0", `o=- ${Math.floor(Math.random() * 1e15)} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0",
    "a=group:BUNDLE 0", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0"];
  p.candidates.forEach((c, i) => {
    const priority = { host: 2122260223, srflx: 1686052607, relay: 41885439 }[c.type] - i;
    const extra = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.addr} ${c.port} typ ${c.type}${extra} generation 0`);
  });
  lines.push(`a=ice-ufrag:${p.ufrag}`, `a=ice-pwd:${p.pwd}`, "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${p.fingerprint}`, `a=setup:${ROLES[p.kind]}`, "a=mid:0", "a=sctp-port:5000",
    "a=max-message-size:262144");
  return lines.join("\r\n") + "\r\n";
}

function gathered(pc, ms) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") { resolve(true); return; }
    const timer = setTimeout(() => resolve(false), ms);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(true); }
    });
  });
}

/** A failure the app can word: `reason` is a catalogue key's last part. */
export class LinkError extends Error {
  constructor(reason, detail = "") { super(reason + (detail ? ": " + detail : "")); this.reason = reason; }
}

/**
 * The links of one device. `onEvent(kind, peer, text)`: "open" (the data channel is up), "message", "close"
 * (the link dropped), "fail" (text: a reason: "no_network", "unreachable").
 */
export class Links {
  constructor(onEvent, iceServers = [], certificate = null) {
    this.onEvent = onEvent;
    this.iceServers = iceServers;
    this.certificate = certificate;  // a guest's lasting DTLS certificate (`deviceCertificate`): its spare answers
    this.peers = new Map();  // peer id -> {pc, dc, timer}
    this.next = 0;
  }

  _pc(peer) {
    const config = { iceServers: this.iceServers };
    if (this.certificate) config.certificates = [this.certificate];
    const pc = new RTCPeerConnection(config);
    const entry = { pc, dc: null, timer: null, open: false };
    this.peers.set(peer, entry);
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") this._fail(peer, "unreachable");
    });
    return entry;
  }

  _channel(peer, entry, dc) {
    entry.dc = dc;
    dc.onopen = () => {
      entry.open = true;
      clearTimeout(entry.timer);
      this.onEvent("open", peer, "");
    };
    dc.onmessage = (event) => { if (typeof event.data === "string") this.onEvent("message", peer, event.data); };
    dc.onclose = () => { if (this.peers.get(peer) === entry) this._drop(peer, "close", ""); };
  }

  _fail(peer, reason) {
    const entry = this.peers.get(peer);
    if (!entry) return;
    this._drop(peer, entry.open ? "close" : "fail", entry.open ? "" : reason);
  }

  _drop(peer, kind, reason) {
    const entry = this.peers.get(peer);
    if (!entry) return;
    this.peers.delete(peer);
    clearTimeout(entry.timer);
    try { entry.pc.close(); } catch (e) { /* already closed */ }
    this.onEvent(kind, peer, reason);
  }

  async _local(entry, description) {
    await entry.pc.setLocalDescription(description);
    await gathered(entry.pc, GATHER_MS);
    const sdp = entry.pc.localDescription.sdp;
    if (!/^a=candidate:/m.test(sdp)) throw new LinkError("no_network");
    return sdp;
  }

  /** Host: a new pending connection; resolves to {peer, code} (the code to show the guest). */
  async offer() {
    const peer = (this.next++).toString(36);
    const entry = this._pc(peer);
    this._channel(peer, entry, entry.pc.createDataChannel("pygames", { ordered: true }));
    try {
      const sdp = await this._local(entry, await entry.pc.createOffer());
      return { peer, code: compact(sdp, peer) };
    } catch (e) {
      this._drop(peer, "gone", "");
      throw e instanceof LinkError ? e : new LinkError("no_network", String(e));
    }
  }

  /** Host: a guest's answer code; resolves to its peer id (the data channel opens soon after, or "fail"). */
  async accept(code) {
    const p = parse(code);
    if (!p || p.kind === "o") throw new LinkError("bad_code");
    const entry = this.peers.get(p.slot);
    if (!entry || entry.open) throw new LinkError("stale_code");
    await entry.pc.setRemoteDescription({ type: "answer", sdp: expand(p) });
    entry.timer = setTimeout(() => this._fail(p.slot, "unreachable"), CONNECT_MS);
    return p.slot;
  }

  /** Guest: the host's offer code; resolves to {peer, code} (the answer code to show the host). */
  async answer(code) {
    return this._answering(code, async (entry, p) => {
      const sdp = await this._local(entry, await entry.pc.createAnswer());
      return { peer: "host", code: compact(sdp, p.slot) };
    });
  }

  /** Guest: a new connection to the host (any earlier one dropped) that answers the offer `code`; `finish(entry,
   *  parsed)` makes and sets the answer. A failure drops it and throws a LinkError. */
  async _answering(code, finish) {
    const p = parse(code);
    if (!p || p.kind !== "o") throw new LinkError("bad_code");
    const peer = "host";
    this._drop(peer, "gone", "");
    const entry = this._pc(peer);
    entry.pc.ondatachannel = (event) => this._channel(peer, entry, event.channel);
    try {
      await entry.pc.setRemoteDescription({ type: "offer", sdp: expand(p) });
      return await finish(entry, p);
    } catch (e) {
      this._drop(peer, "gone", "");
      throw e instanceof LinkError ? e : new LinkError("bad_code", String(e));
    }
  }

  /** Host: a spare connection for the guest on `peer` (seated, its link up), to rejoin without a scan after a drop
   *  or a reload (docs/design.md, "Several devices"). Its offer goes to that guest over the live link, with ICE credentials made
   *  here; the guest's answer is written here from them and the fingerprint of the certificate the guest keeps, with
   *  no candidate (the guest's address arrives with its first check). Only that device can complete it. Resolves to
   *  {peer, code, ufrag, pwd}; the spare waits, with no time limit, until it opens or this page goes. */
  async spare(peer) {
    const live = this.peers.get(peer);
    const remote = live && live.pc.remoteDescription && live.pc.remoteDescription.sdp;
    const fp = remote && field(remote, "fingerprint");
    if (!fp || !fp.toLowerCase().startsWith("sha-256 ")) throw new LinkError("no_network", "no guest fingerprint");
    const made = await this.offer();
    const ufrag = randomText(8), pwd = randomText(24);
    const answer = { kind: "a", ufrag, pwd, fingerprint: fp.slice(8).trim().toUpperCase(), candidates: [] };
    try {
      await this.peers.get(made.peer).pc.setRemoteDescription({ type: "answer", sdp: expand(answer) });
    } catch (e) {
      this._drop(made.peer, "gone", "");
      throw new LinkError("no_network", String(e));
    }
    return { peer: made.peer, code: made.code, ufrag, pwd };
  }

  /** Guest: open the spare the host gave (`code`, `ufrag`, `pwd`): answer it with those ICE credentials and this
   *  device's lasting certificate. The data channel opens soon after ("open"), or "fail" after CONNECT_MS. */
  async rejoin(code, ufrag, pwd) {
    if (!this.certificate) throw new LinkError("bad_code");
    await this._answering(code, async (entry) => {
      const answer = await entry.pc.createAnswer();
      const sdp = answer.sdp.replace(/^a=ice-ufrag:.*$/m, `a=ice-ufrag:${ufrag}`)
        .replace(/^a=ice-pwd:.*$/m, `a=ice-pwd:${pwd}`);
      await entry.pc.setLocalDescription({ type: "answer", sdp });
      entry.timer = setTimeout(() => this._fail("host", "unreachable"), CONNECT_MS);
    });
  }

  /** Is there a connection to `peer`, open or under way? */
  has(peer) { return this.peers.has(peer); }

  send(peer, text) {
    const entry = this.peers.get(peer);
    if (!entry || !entry.dc || entry.dc.readyState !== "open") return false;
    try { entry.dc.send(text); return true; } catch (e) { return false; }
  }

  close(peer) { this._drop(peer, "gone", ""); }

  closeAll() { for (const peer of [...this.peers.keys()]) this.close(peer); }
}

const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function randomText(n) {
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => ICE_CHARS[b % 64]).join("");
}

const CERT_DB = "pygames-net", CERT_STORE = "keys", CERT_KEY = "certificate";
const CERT_DAYS = 365;

function certStore(mode, work) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(CERT_DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(CERT_STORE);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(CERT_STORE, mode);
      const request = work(tx.objectStore(CERT_STORE));
      tx.oncomplete = () => { db.close(); resolve(request.result); };
      tx.onerror = tx.onabort = () => { db.close(); reject(tx.error); };
    };
  });
}

/** This device's lasting DTLS certificate (IndexedDB keeps it across reloads: its fingerprint is what a host's
 *  spare connection accepts); a new one when none is kept or it expires within a week; null where the browser
 *  cannot keep one (then a guest that drops scans the host's code again). */
export async function deviceCertificate() {
  try {
    const kept = await certStore("readonly", (store) => store.get(CERT_KEY));
    if (kept && kept.expires > Date.now() + 7 * 86400e3) return kept;
    const made = await RTCPeerConnection.generateCertificate(
      { name: "ECDSA", namedCurve: "P-256", expires: CERT_DAYS * 86400e3 });
    await certStore("readwrite", (store) => store.put(made, CERT_KEY));
    return made;
  } catch (e) {
    return null;
  }
}

// ------------------------------------------------------------------ QR codes and the camera

const here = (path) => new URL(path, import.meta.url).href;

/** Keep a lazily loaded file for offline before a service worker controls the page (a first visit), as art.js. */
function keep(url) {
  if (!window.caches || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
  const name = "pygames-app-" + document.documentElement.dataset.build;
  caches.open(name).then((c) => c.match(url).then((hit) => hit || c.add(url))).catch(() => {});
}
keep(import.meta.url);

let qrModule = null;
/** Draw `text` as a QR code on `canvas` (lean-qr, self-hosted), `px` pixels per module. */
export async function drawQR(canvas, text, px = 6) {
  if (!qrModule) { qrModule = import(here("lean-qr.mjs")); keep(here("lean-qr.mjs")); }
  const { generate } = await qrModule;
  const code = generate(text);
  code.toCanvas(canvas, { padX: 4, padY: 4 });
  canvas.style.width = canvas.style.height = `${canvas.width * px}px`;
  canvas.dataset.size = String(code.size);
  return code.size;
}

let detector = null;
function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error("could not load " + src));
    document.head.append(script);
  });
}

/** The browser's BarcodeDetector where it reads QR codes, else the polyfill with its wasm from our own origin. */
async function qrDetector() {
  if (!detector) {
    detector = (async () => {
      if ("BarcodeDetector" in window) {
        try {
          const formats = await window.BarcodeDetector.getSupportedFormats();
          if (formats.includes("qr_code")) return new window.BarcodeDetector({ formats: ["qr_code"] });
        } catch (e) { /* fall back to the polyfill */ }
      }
      await loadScript(here("barcode-detector.js"));
      keep(here("barcode-detector.js"));
      keep(here("zxing_reader.wasm"));
      const api = window.BarcodeDetectionAPI;
      api.prepareZXingModule({ overrides: { locateFile: (path) => here(path) }, fireImmediately: true });
      return new api.BarcodeDetector({ formats: ["qr_code"] });
    })();
    detector.catch(() => { detector = null; });
  }
  return detector;
}

let stream = null;
/** Open the camera (before any RTCPeerConnection: with the permission the browser offers every interface's
 *  address, not an mDNS name); resolves to true when it is on. */
export async function openCamera(waitMs = 60000) {
  if (stream) return true;
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return false;
  try {
    const asked = navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    const late = new Promise((resolve) => setTimeout(() => resolve(null), waitMs));
    stream = await Promise.race([asked, late]);
    if (!stream) asked.then((s) => { for (const t of s.getTracks()) t.stop(); }, () => {});
    return stream !== null;
  } catch (e) {
    return false;
  }
}

export function closeCamera() {
  if (stream) for (const track of stream.getTracks()) track.stop();
  stream = null;
}

/** Read QR codes from the camera into `video` until `accept(text)` returns true or `stop()` is called. */
export async function scan(video, accept) {
  if (!(await openCamera())) return false;
  const found = await qrDetector();
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => {});
  video.dataset.scanning = "true";
  while (video.isConnected && stream && video.srcObject === stream) {
    try {
      if (video.readyState >= 2) {
        for (const code of await found.detect(video)) {
          if (accept(code.rawValue)) { video.dataset.scanning = "done"; return true; }
        }
      }
    } catch (e) { /* a frame it could not read */ }
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

// ------------------------------------------------------------------ the device around the game

let wake = null;
/** Keep the screen on while a game is on (Screen Wake Lock, where the browser has it). */
export async function keepAwake(on) {
  try {
    if (on && !wake && navigator.wakeLock && document.visibilityState === "visible") {
      wake = await navigator.wakeLock.request("screen");
      wake.addEventListener("release", () => { wake = null; });
    } else if (!on && wake) {
      await wake.release();
      wake = null;
    }
  } catch (e) { wake = null; }
  return wake !== null;
}

/** The system share sheet where there is one; else false (the app offers Copy). */
export async function share(text, url) {
  if (!navigator.share) return false;
  try { await navigator.share({ text, url }); return true; } catch (e) { return false; }
}

export async function copy(text) {
  try { await navigator.clipboard.writeText(text); return true; } catch (e) { return false; }
}
