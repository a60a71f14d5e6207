// The phone page: one seat's private view and choices, from the table's own server.
// No libraries, no build step. The seat's token is in the address after "#", so it is
// never sent in a request line; the page says hello with it over the WebSocket.
"use strict";

const token = decodeURIComponent(location.hash.slice(1));
const $ = (id) => document.getElementById(id);
let ws = null;
let state = null;
let retry = 0;
let stopped = false;
let pingTimer = null;

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

function connect() {
  if (stopped || (ws && ws.readyState <= 1)) return;
  if (!token) {
    stopped = true;
    $("turn").textContent = "Open the link shown on the table's screen.";
    link(false, "no seat");
    return;
  }
  link(false, "connecting…");
  ws = new WebSocket(`ws://${location.host}/ws`);
  ws.onopen = () => {
    retry = 0;
    link(true, "connected");
    ws.send(JSON.stringify({type: "hello", token}));
    clearInterval(pingTimer);
    pingTimer = setInterval(() => send({type: "ping", t: Date.now()}), 20000);
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "state") { banner(""); render(msg); }
    else if (msg.type === "error") error(msg);
  };
  ws.onclose = (ev) => {
    clearInterval(pingTimer);
    if (ev.code === 4001 || ev.code === 4002) {
      stopped = true;
      link(false, "closed");
      return;
    }
    if (ev.code === 1001) {     // the table stopped its server: the game is over or closed
      stopped = true;
      link(false, "game ended");
      if (!(state && state.over)) {
        $("turn").textContent = "The table has closed this game.";
        $("actions").replaceChildren();
      }
      return;
    }
    link(false, "reconnecting…");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * retry);
  };
}

function send(obj) {
  if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); return true; }
  return false;
}

function error(msg) {
  banner(msg.message || "Something went wrong.");
  if (msg.code === "bad_token" || msg.code === "seat_gone") {
    $("turn").textContent = msg.message;
    $("actions").replaceChildren();
  } else if (state) {
    render(state);   // the choices come back
  }
}

function choose(action) {
  if (!state) return;
  if (action.confirm && !window.confirm(action.confirm)) return;
  if (!send({type: "act", seq: state.seq, action: action.action})) {
    banner("Not connected: trying again…");
    connect();
    return;
  }
  for (const b of document.querySelectorAll("button.choice, button.card")) b.disabled = true;
}

function render(s) {
  state = s;
  document.title = `${s.name} · ${s.game}`;
  $("game").textContent = s.game;
  $("who").textContent = s.name;
  $("turnbox").className = s.mine ? "mine" : "";
  $("turn").textContent = s.over ? (s.result || "The game is over.") : s.turn;
  $("prompt").textContent = s.over ? "" : (s.prompt || "");
  renderHolding(s);
  renderHand(s);
  renderActions(s);
  renderCharacter(s);
  renderPanels(s);
  renderNotebook(s);
  // newest first: what just happened is at the top of the list
  $("log").replaceChildren(...(s.log || []).slice().reverse().map((line) => el("li", {}, line)));
}

function renderActions(s) {
  const box = $("actions");
  const hand = new Set((s.hand || []).filter((c) => c.lit).map((c) => c.index));
  const buttons = [];
  s.actions.forEach((a, i) => {
    if (hand.has(i)) return;   // a lit card in the hand is that choice
    buttons.push(el("button", {class: "choice" + (a.confirm ? " danger" : ""),
                               "data-index": String(i), onclick: () => choose(a)}, a.label));
  });
  box.replaceChildren(...buttons);
}

function renderHand(s) {
  const box = $("hand");
  box.hidden = !s.hand;
  if (!s.hand) return;
  box.replaceChildren(...s.hand.map((c) => {
    const [, suit, rank] = c.card;
    const b = el("button", {class: `card ${suit}` + (c.lit ? " lit" : ""),
                            "aria-label": `${suit} ${rank}`}, String(rank), el("small", {}, suit));
    if (c.lit) b.addEventListener("click", () => choose(s.actions[c.index]));
    else b.disabled = true;
    return b;
  }));
}

function renderHolding(s) {
  const box = $("holding");
  box.hidden = !s.holding;
  if (!s.holding) return;
  box.replaceChildren(el("div", {class: "box"}, el("h2", {}, "Your Hermit card"),
    el("div", {class: "cardname"}, s.holding.name), el("p", {}, s.holding.text)));
}

function renderCharacter(s) {
  const box = $("character");
  const c = s.character;
  box.hidden = !c;
  if (!c) return;
  const head = el("p", {}, el("span", {class: "cardname"}, c.name), " · ",
    el("span", {class: `faction-${c.faction}`}, c.faction), ` · ${c.damage} of ${c.hp} damage`);
  const state = c.alive ? (c.revealed ? "Revealed to everyone." : "Hidden from everyone else.") : "Dead.";
  const parts = [el("h2", {}, "Your character"), head,
    el("p", {}, el("span", {class: "label"}, "Wins: "), c.win),
    el("p", {}, c.ability), el("p", {class: "dim"}, state)];
  const lines = (s.private_lines || []).concat(s.seen || []);
  if (lines.length) {
    parts.push(el("h2", {}, "Only you know"),
      el("ul", {class: "lines"}, ...lines.map((t) => el("li", {}, t))));
  }
  box.replaceChildren(el("div", {class: "box"}, ...parts));
}

function renderPanels(s) {
  const panels = (s.panels || []).slice();
  if (s.board) panels.push({title: "Players", lines: s.board});
  $("panels").replaceChildren(...panels.map((p) => el("div", {class: "box"},
    el("h2", {}, p.title), el("ul", {class: "lines"}, ...p.lines.map((t) => el("li", {}, t))))));
}

// The notebook stays on this phone (localStorage), keyed by the seat's token.
function renderNotebook(s) {
  const box = $("notebook");
  box.hidden = !s.notebook;
  if (!s.notebook) return;
  const key = `shadows-notes-${token}`;
  let notes = {};
  try { notes = JSON.parse(localStorage.getItem(key) || "{}"); } catch (e) { notes = {}; }
  const rows = s.notebook.map((p) => {
    const pick = el("select", {"aria-label": `What is ${p.name}?`});
    for (const f of ["?", "Hunter", "Shadow", "Neutral"]) pick.append(el("option", {value: f}, f));
    pick.value = p.known || notes[p.seat] || "?";
    pick.disabled = !!p.known;
    pick.addEventListener("change", () => {
      notes[p.seat] = pick.value;
      try { localStorage.setItem(key, JSON.stringify(notes)); } catch (e) { /* private mode */ }
    });
    return el("div", {class: "note"}, el("span", {}, p.name), pick);
  });
  box.replaceChildren(el("div", {class: "box"}, el("h2", {}, "Your notebook"), ...rows));
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") { retry = 0; connect(); }
});
window.addEventListener("online", () => { retry = 0; connect(); });
connect();
