/* Sound cues: pygames/web/sounds.py decides which cue a redraw plays (from what every player may see), this plays
   it, synthesized in the page by ZzFX (npm zzfx, self-hosted as static/zzfx.js by build.py: no audio file).
   - Never before the first tap or key (autoplay rules): the synthesizer, which makes the AudioContext as it runs,
     is loaded on the first pointerdown/pointerup/keydown, and the context resumed then.
   - The menu's Sound button mutes it all (localStorage pygames.sound = "off"), vibration included: one switch
     silences the device, and muted from the start the synthesizer is never even loaded.
   - "Your turn" also vibrates where the device can. Vibration is not motion on screen, so reduced motion does not
     stop it; the mute does.
   Loaded async: it never holds back the boot. window.pygamesSound.play("card,turn") plays cues in turn. */
"use strict";
(() => {
  const KEY = "pygames.sound";
  const SYNTH = "static/zzfx.js";
  const GAP_MS = 170;  // between two cues of one redraw (a card, then your turn)
  const BUZZ = [30, 60, 30];  // ms on, off, on: "your turn"
  // Each cue: notes as [start ms, ZzFX parameters: volume, randomness, frequency, attack, sustain, release, shape,
  // shapeCurve, slide, deltaSlide, pitchJump, pitchJumpTime, repeatTime, noise, modulation, bitCrush, delay,
  // sustainVolume, decay, tremolo, filter]. Short (a win or a loss under a second, the rest under half) and soft.
  const note = (frequency, shape = 1, release = 0.18, volume = 0.5) =>
    [volume, 0, frequency, 0.01, 0.06, release, shape, 1];
  const SOUNDS = {
    move: [[0, [0.6, 0.05, 170, 0, 0.01, 0.05, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.6, 0.02]]],
    card: [[0, [0.5, 0.1, 1400, 0.005, 0.02, 0.06, 4, 1, -25, 0, 0, 0, 0, 0.6]]],
    turn: [[0, note(587, 0, 0.12)], [110, note(880, 0, 0.3)]],
    reveal: [[0, [0.45, 0.05, 330, 0.02, 0.1, 0.25, 1, 1, 10, 0, 0, 0, 0, 0, 4]]],
    win: [[0, note(523)], [100, note(659)], [200, note(784)], [320, note(1047, 1, 0.4, 0.6)]],
    loss: [[0, note(392, 0, 0.25)], [190, note(330, 0, 0.25)], [380, [0.5, 0, 262, 0.01, 0.15, 0.4, 0, 1, -1]]],
  };

  let tapped = false;  // a tap or a key has been seen: sound is allowed from now on
  let synth = null;  // the synthesizer's loading, once

  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  const muted = () => stored() === "off";

  function setMuted(off) {
    try { localStorage.setItem(KEY, off ? "off" : "on"); } catch (e) { /* storage disabled: this page only */ }
    sync();
  }

  function sync() {
    for (const button of document.querySelectorAll("[data-sound-toggle]")) {
      button.setAttribute("aria-pressed", muted() ? "false" : "true");
    }
  }

  /* The synthesizer (a classic script: its `zzfx` and `zzfxX`, the AudioContext, are page globals), loaded once. */
  function load() {
    if (!synth) {
      synth = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = SYNTH;
        script.onload = resolve;
        script.onerror = () => { synth = null; reject(new Error("sound: " + SYNTH + " did not load")); };
        document.head.append(script);
      });
    }
    return synth.then(() => {
      if (zzfxX.state === "suspended") return zzfxX.resume();  // eslint-disable-line no-undef
    });
  }

  function wake() {
    tapped = true;
    if (muted()) return;
    if (typeof zzfxX === "undefined") {  // eslint-disable-line no-undef
      load().catch(() => {});
    } else if (zzfxX.state === "running") {  // eslint-disable-line no-undef
      stopListening();
    } else {  // still suspended (Safari wants the resume inside a tap): this tap resumes it
      zzfxX.resume().catch(() => {});  // eslint-disable-line no-undef
    }
  }

  // pointerdown for a mouse or pen, pointerup for touch (a touch activates the page only when it ends), a key.
  const EVENTS = ["pointerdown", "pointerup", "keydown"];
  const stopListening = () => EVENTS.forEach((name) => removeEventListener(name, wake, true));
  EVENTS.forEach((name) => addEventListener(name, wake, { capture: true, passive: true }));

  function buzz() {
    if (typeof navigator.vibrate === "function" && document.visibilityState === "visible") {
      try { navigator.vibrate(BUZZ); } catch (e) { /* refused: nothing to do */ }
    }
  }

  /* Play the cues `names` ("card,turn"), after the frame that shows the redraw: never before a tap, never muted. */
  function play(names) {
    if (!tapped || muted() || document.hidden) return;  // a tab in the background keeps quiet
    const cues = String(names).split(",").filter((name) => Object.hasOwn(SOUNDS, name));
    if (cues.includes("turn")) buzz();
    load().then(() => requestAnimationFrame(() => cues.forEach((name, i) => {
      for (const [at, params] of SOUNDS[name]) setTimeout(() => zzfx(...params), i * GAP_MS + at);  // eslint-disable-line no-undef
    })), () => {});
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest ? event.target.closest("[data-sound-toggle]") : null;
    if (!button) return;
    const on = muted();
    setMuted(!on);
    if (on) play("move");  // sound back on: a cue says so (this click is a tap)
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", sync);
  else sync();
  window.pygamesSound = { play, muted, setMuted };
})();
