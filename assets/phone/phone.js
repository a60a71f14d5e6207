// The phone page: one seat's private view and choices, from the table's own server.
// No libraries, no build step. The seat's token is in the address after "#", so it is
// never sent in a request line; the page says hello with it over the WebSocket. A new
// key in the address (hashchange) opens that seat instead, or says why not.
"use strict";

function readToken() {
  try { return decodeURIComponent(location.hash.slice(1)); } catch (e) { return location.hash.slice(1); }
}

let token = readToken();
const $ = (id) => document.getElementById(id);
let ws = null;
let state = null;
let retry = 0;
let stopped = false;
let pingTimer = null;
let peek = false;          // the Shadow Hunters character is under its cover until tapped

// The page's words in its language: /words.js (game/net/phone_words.py) defines LANG,
// LANGUAGES and WORDS, English -> that language; a word it lacks stays English.
const PAGE_LANG = typeof LANG === "string" ? LANG : "en";
function T(text, params) {
  let out = (typeof WORDS === "object" && WORDS[text]) || text;
  for (const [k, v] of Object.entries(params || {})) out = out.split(`{${k}}`).join(String(v));
  return out;
}

// Why the table closed a socket, in words (the codes are the server's, game/net/server.py).
const CLOSED = {
  1009: T("The table closed the connection: a message from this page was too long."),
  4003: T("The table closed the connection before this page said which seat it is for."),
  4005: T("The table heard nothing from this page for half a minute and closed the connection."),
};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function banner(text) {
  const b = $("banner");
  b.textContent = text || "";
  b.hidden = !text;
}

function link(online, text) {
  const l = $("link");
  l.textContent = text;
  l.className = online ? "" : "offline";
}

// The page stops: it shows ``text`` and nothing of any seat, and reconnects no more.
function halt(text, status, again) {
  stopped = true;
  state = null;
  clearInterval(pingTimer);
  banner("");
  document.title = T("Stopped") + " · Shadows Tabletop";
  $("who").textContent = "";
  $("game").textContent = "Shadows Tabletop";
  $("turnbox").className = "stopped";
  $("turn").textContent = text;
  $("prompt").textContent = "";
  for (const id of ["holding", "hand", "character", "notebook"]) {
    $(id).replaceChildren();
    $(id).hidden = true;
  }
  $("panels").replaceChildren();
  $("log").replaceChildren();
  $("logbox").hidden = true;
  $("actions").replaceChildren(...(again ? [el("button", {class: "choice", id: "again",
    onclick: () => { stopped = false; retry = 0; $("turnbox").className = ""; connect(); }},
    again)] : []));
  link(false, status);
}

function connect() {
  if (stopped || (ws && ws.readyState <= 1)) return;
  if (!token) {
    halt(T("Open the link shown on the table's screen."), T("no seat"));
    return;
  }
  link(false, T("connecting…"));
  const sock = ws = new WebSocket(`ws://${location.host}/ws`);
  ws.onopen = () => {
    retry = 0;
    link(true, T("connected"));
    ws.send(JSON.stringify({type: "hello", token, lang: PAGE_LANG}));
    clearInterval(pingTimer);
    pingTimer = setInterval(() => send({type: "ping", t: Date.now()}), 20000);
  };
  ws.onmessage = (ev) => {
    if (sock !== ws || stopped) return;
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "state") { banner(""); render(msg); }
    else if (msg.type === "error") error(msg);
  };
  ws.onclose = (ev) => {
    if (sock !== ws) return;          // an old socket, left behind by a new key
    clearInterval(pingTimer);
    if (stopped) return;              // halt() has said why
    if (ev.code === 4001 || ev.code === 4002 || ev.code === 4004) {
      halt(T("The table closed this seat's connection."), T("closed"));
      return;
    }
    if (ev.code === 1001) {     // the table stopped its server: the game is over or closed
      stopped = true;
      link(false, T("game ended"));
      if (!(state && state.over)) {
        const last = state;
        halt(T("The table has closed this game."), T("game ended"));
        if (last) document.title = `${last.name} · ${T("game closed")}`;
      }
      return;
    }
    if (CLOSED[ev.code]) banner(CLOSED[ev.code] + " " + T("Connecting again…"));
    link(false, T("reconnecting…"));
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * retry);
  };
}

function send(obj) {
  if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); return true; }
  return false;
}

// A refusal, in words: the reasons that end this page's seat fill the heading (once);
// the others stand in the banner above it while the choices come back.
function error(msg) {
  const text = msg.message || T("Something went wrong.");
  if (msg.code === "bad_token" || msg.code === "seat_gone" || msg.code === "new_key") {
    halt(text, T("closed"));
    return;
  }
  if (msg.code === "moved") {
    halt(text, T("moved"), T("Play this seat here again"));
    $("prompt").textContent = T("If that was not you, ask the table for a new key " +
      "(Menu, then Phones). Playing here again takes the seat back from the other device.");
    return;
  }
  banner(msg.code === "bad_message"
    ? T("The table could not read a message from this page: {why}.", {why: text}) : text);
  if (state) render(state, true);   // the choices come back
}

function choose(action) {
  if (!state) return;
  if (action.confirm && !window.confirm(action.confirm)) return;
  if (!send({type: "act", seq: state.seq, action: action.action})) {
    banner(T("Not connected: trying again…"));
    connect();
    return;
  }
  for (const b of document.querySelectorAll("button.choice, button.card")) b.disabled = true;
}

function render(s, again) {
  const before = state;
  state = s;
  const mine = s.mine && !s.over;
  document.title = mine ? `${T("Your turn")} · ${s.name}` : `${s.name} · ${s.game}`;
  if (mine && !again && before && !before.mine && navigator.vibrate) {
    try { navigator.vibrate(200); } catch (e) { /* not allowed here */ }
  }
  applyPalette();
  if (!again) {
    if (mine && (!before || !before.mine)) say(T("Your turn") + ": " + (s.prompt || s.turn));
    else if (s.over && (!before || !before.over)) say(s.result || T("The game is over."));
    cues(before, s);
  }
  $("logbox").hidden = false;
  $("game").textContent = s.game;
  $("who").textContent = s.name;
  $("turnbox").className = mine ? "mine" : "";
  $("turn").textContent = s.over ? (s.result || T("The game is over.")) : s.turn;
  const prompt = s.over || s.prompt === s.turn ? "" : (s.prompt || "");
  $("prompt").textContent = prompt;
  renderHolding(s);
  renderHand(s);
  renderActions(s);
  renderCharacter(s);
  renderPanels(s);
  renderNotebook(s);
  // newest first: what just happened is at the top of the list
  $("log").replaceChildren(...(s.log || []).slice().reverse().map((line) => el("li", {}, line)));
}

// A screen reader says ``text`` at once (the live region #say); the same words again are
// said again.
function say(text) {
  const box = $("say");
  box.textContent = "";
  setTimeout(() => { box.textContent = text; }, 60);
}

function renderActions(s) {
  const box = $("actions");
  box.setAttribute("aria-label", T("Your choices"));
  const hand = new Set((s.hand || []).filter((c) => c.lit).map((c) => c.index));
  const buttons = [];
  s.actions.forEach((a, i) => {
    if (hand.has(i)) return;   // a lit card in the hand is that choice
    buttons.push(el("button", {class: "choice" + (a.confirm ? " danger" : ""),
                               "data-index": String(i), onclick: () => choose(a)}, a.label));
  });
  box.replaceChildren(...buttons);
}

// The hand is a list a screen reader reads card by card: "Red 7, play it", or "Blue 3"
// (dimmed: not playable now), after its count.
function renderHand(s) {
  const box = $("hand");
  box.hidden = !s.hand;
  if (!s.hand) return;
  const playable = s.hand.filter((c) => c.lit).length;
  const cards = s.hand.map((c) => {
    const [, suit, rank] = c.card;
    const suitName = T(suit.charAt(0).toUpperCase() + suit.slice(1));     // "Blue" -> "Blau"
    const name = T("{suit} {rank}", {suit: suitName, rank});
    const b = el("button", {class: `card ${suit}` + (c.lit ? " lit" : ""), "data-suit": suit,
                            "data-rank": String(rank),
                            "aria-label": c.lit ? T("{card}, play it", {card: name}) : name},
                 String(rank), el("small", {"aria-hidden": "true"}, suitName));
    if (c.lit) b.addEventListener("click", () => choose(s.actions[c.index]));
    else b.disabled = true;
    return el("li", {}, b);
  });
  box.replaceChildren(el("h2", {id: "hand-head"}, T("Your hand")),
    el("ul", {class: "cards", "aria-label": T("{count} cards, {playable} can be played now",
                                              {count: s.hand.length, playable})}, ...cards));
}

// Sound cues on this phone, the table's own (/sounds/<cue>.wav): chosen here (a browser
// plays no sound a page was not allowed by a tap), each with the words that say the same.
const SOUND_CUES = ["turn", "card", "dice", "damage", "win", "loss"];
const players = {};
let soundsOn = false;
const heard = [];                 // the cues this page has played (read by the tests)

function cue(name) {
  if (!soundsOn) return;
  heard.push(name);
  let a = players[name];
  if (!a) a = players[name] = new Audio(`/sounds/${name}.wav`);
  try {
    a.currentTime = 0;
    const p = a.play();
    if (p && p.catch) p.catch(() => { /* not allowed yet: the words say it */ });
  } catch (e) { /* no audio here */ }
}

function cues(before, s) {
  if (!before) return;
  if (s.mine && !s.over && !before.mine) cue("turn");
  const now = s.cues || {}, was = before.cues || {};
  for (const k of ["card", "dice", "damage"]) if ((now[k] || 0) > (was[k] || 0)) cue(k);
  if (s.over && !before.over && typeof s.won === "boolean") cue(s.won ? "win" : "loss");
}

function renderHolding(s) {
  const box = $("holding");
  box.hidden = !s.holding;
  if (!s.holding) return;
  box.replaceChildren(el("div", {class: "box"}, el("h2", {}, T("Your Hermit card")),
    el("div", {class: "cardname"}, s.holding.name), el("p", {}, s.holding.text)));
}

function renderCharacter(s) {
  const box = $("character");
  const c = s.character;
  box.hidden = !c;
  if (!c) return;
  if (!peek && !s.over) {    // covered, like the table's cover prompts: a glance shows nothing
    box.replaceChildren(el("button", {class: "cover", id: "peek",
      onclick: () => { peek = true; renderCharacter(state); }},
      T("Your character is covered"),
      el("small", {}, T("Tap to look (keep the screen to yourself)"))));
    return;
  }
  const head = el("p", {}, el("span", {class: "cardname"}, c.name), " · ",
    el("span", {class: `faction-${c.faction}`}, T(c.faction)),
    " · " + T("{damage} of {hp} damage", {damage: c.damage, hp: c.hp}));
  const standing = c.alive ? (c.revealed ? T("Revealed to everyone.")
    : T("Hidden from everyone else.")) : T("Dead.");
  const cover = s.over ? [] : [el("button", {class: "hide", id: "unpeek",
    onclick: () => { peek = false; renderCharacter(state); }}, T("Cover"))];
  const parts = [el("div", {class: "boxhead"}, el("h2", {}, T("Your character")), ...cover), head,
    el("p", {}, el("span", {class: "label"}, T("Wins: ")), c.win),
    el("p", {}, c.ability), el("p", {class: "dim"}, standing)];
  const lines = (s.private_lines || []).concat(s.seen || []);
  if (lines.length) {
    parts.push(el("h2", {}, T("Only you know")),
      el("ul", {class: "lines"}, ...lines.map((t) => el("li", {}, t))));
  }
  box.replaceChildren(el("div", {class: "box"}, ...parts));
}

function renderPanels(s) {
  const panels = (s.panels || []).slice();
  if (s.board) panels.push({title: T("Players"), lines: s.board});
  $("panels").replaceChildren(...panels.map((p) => el("div", {class: "box"},
    el("h2", {}, p.title), el("ul", {class: "lines"}, ...p.lines.map((t) => el("li", {}, t))))));
}

// The notebook stays on this phone (localStorage), kept per game and seat (so a new key
// for the seat keeps the notes).
function renderNotebook(s) {
  const box = $("notebook");
  box.hidden = !s.notebook;
  if (!s.notebook) return;
  const key = `shadows-notes-${s.table || token}-${s.seat}`;
  let notes = {};
  try { notes = JSON.parse(localStorage.getItem(key) || "{}"); } catch (e) { notes = {}; }
  const rows = s.notebook.map((p) => {
    const pick = el("select", {"aria-label": T("What is {name}?", {name: p.name})});
    for (const f of ["?", "Hunter", "Shadow", "Neutral"]) pick.append(el("option", {value: f}, T(f)));
    pick.value = p.known || notes[p.seat] || "?";
    pick.disabled = !!p.known;
    pick.addEventListener("change", () => {
      notes[p.seat] = pick.value;
      try { localStorage.setItem(key, JSON.stringify(notes)); } catch (e) { /* private mode */ }
    });
    return el("div", {class: "note"}, el("span", {}, p.name), pick);
  });
  box.replaceChildren(el("div", {class: "box"}, el("h2", {}, T("Your notebook")), ...rows));
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") { retry = 0; connect(); }
  else if (peek) { peek = false; if (state) renderCharacter(state); }   // covered again
});
// A changed key in the address opens that seat (or says why not), without a reload.
window.addEventListener("hashchange", () => {
  const next = readToken();
  if (next === token) return;
  token = next;
  peek = false;
  const old = ws;
  ws = null;
  if (old) { old.onclose = null; old.close(1000); }
  halt(T("Opening the seat of this link…"), T("connecting…"));
  $("turnbox").className = "";
  stopped = false;
  retry = 0;
  connect();
});
window.addEventListener("online", () => { retry = 0; connect(); });

// Colours and text size, the table's Settings choices, kept on this phone. "As on the
// table" (the first colours) follows the palette the table's screen uses now.
const PALETTES = {default: "Default", red_green: "Red–green safe", high_contrast: "High contrast"};

function applyPalette() {
  let v = $("palette").value;
  const table = state && state.look && PALETTES[state.look.palette] ? state.look.palette : "default";
  $("as-table").textContent = T("As on the table ({palette})", {palette: T(PALETTES[table])});
  if (v === "table") v = table;
  document.documentElement.dataset.palette = v;
}

function look(name, values, fallback) {
  let v = fallback;
  try { v = localStorage.getItem("look-" + name) || fallback; } catch (e) { /* private mode */ }
  if (!values.includes(v)) v = fallback;
  const select = $(name === "palette" ? "palette" : "textsize");
  select.value = v;
  const show = () => {
    if (name === "palette") applyPalette();
    else document.documentElement.dataset[name] = select.value;
  };
  show();
  select.addEventListener("change", () => {
    show();
    try { localStorage.setItem("look-" + name, select.value); } catch (e) { /* kept for now */ }
  });
}
// The page's fixed words, and its language: the browser's unless chosen here (a cookie
// that /words.js reads; the page loads again in the new words, its seat's key kept).
for (const node of document.querySelectorAll("[data-t]")) node.textContent = T(node.textContent.trim());
document.documentElement.lang = PAGE_LANG;
(function languages() {
  const select = $("lang");
  const names = typeof LANGUAGES === "object" ? LANGUAGES : {en: "English"};
  select.replaceChildren(...Object.entries(names).map(([code, name]) =>
    el("option", {value: code}, name)));
  select.value = PAGE_LANG;
  select.addEventListener("change", () => {
    document.cookie = `lang=${select.value}; path=/; max-age=31536000; SameSite=Strict`;
    location.reload();
  });
})();
look("palette", ["table", "default", "red_green", "high_contrast"], "table");
(function sounds() {
  const box = $("sounds");
  try { box.checked = localStorage.getItem("look-sounds") === "on"; } catch (e) { /* private mode */ }
  soundsOn = box.checked;
  box.addEventListener("change", () => {
    soundsOn = box.checked;
    try { localStorage.setItem("look-sounds", soundsOn ? "on" : "off"); } catch (e) { /* kept for now */ }
    if (soundsOn) cue("turn");    // heard once now: this tap is what lets the page play sound
  });
})();
look("text", ["100", "125", "150", "200"], "100");
connect();
