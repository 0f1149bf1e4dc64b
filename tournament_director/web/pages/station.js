// A table station: the table as it stands, and the dealer's reports (hand done, busts, moves, chip counts,
// floor calls). It reads /api/station/<n> every second and after each command; every name is set as text.
// Opened from the table card's QR code, it first trades the card's code for the tablet's session (a cookie the
// browser keeps and sends) and takes the code out of the address bar: no request carries it in the address.
"use strict";

const POLL_MS = 1000;
const match = location.pathname.match(/^\/table\/(\d+)/);
const TABLE = match ? Number(match[1]) : 0;
const CARD_CODE = new URLSearchParams(location.search).get("token") || "";
// the tournament the card is for (the console runs several at once): every request names it
const TOURNAMENT = (new URLSearchParams(location.search).get("tournament") || "").replace(/\D/g, "");
let station = null;
let fetchedAt = 0;
let selected = null;   // the seat tapped last
let busy = false;

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function api(action, body, since) {
  const query = new URLSearchParams();
  if (TOURNAMENT) query.set("tournament", TOURNAMENT);
  if (since !== undefined && since !== null) query.set("since", since);
  let path = `/api/station/${TABLE}${action ? "/" + action : ""}`;
  if (query.toString()) path += `?${query}`;
  const options = body === undefined ? {cache: "no-store"}
    : {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)};
  const response = await fetch(path, options);
  let data;
  try { data = await response.json(); } catch (e) { data = {ok: false, error: "The console sent an answer the page cannot read."}; }
  return data;
}

function say(text, refused) {
  const box = $("message");
  box.textContent = text;
  box.className = "message" + (refused ? " refused" : "");
  box.hidden = !text;
  for (const inSheet of document.querySelectorAll(".sheet-message")) {   // seen over an open form too
    inSheet.textContent = text;
    inSheet.className = "message sheet-message" + (refused ? " refused" : "");
    inSheet.hidden = !text;
  }
}

async function refresh() {
  try {
    const data = await api("", undefined, station ? station.sequence : null);
    $("connection").hidden = true;
    if (!data.ok) {   // refused (a table broken, a tournament over or closed): its old seats are not shown
      $("connection").hidden = false;
      $("connection").textContent = data.error;
      document.body.classList.add("closed");
      station = null;
      return;
    }
    document.body.classList.remove("closed");
    if (!data.unchanged) show(data.station);   // unchanged: the tiles and the clock count on as they are
  } catch (e) {
    $("connection").hidden = false;
    $("connection").textContent = "No connection to the console: trying again…";
  }
}

async function command(action, body) {
  if (busy) return null;
  busy = true;
  try {
    const data = await api(action, body);
    if (data.ok) {
      say(data.message, false);
      show(data.station);
    } else {
      say(data.error, true);
    }
    return data;
  } catch (e) {
    say("No connection to the console: nothing was recorded, try again.", true);
    return null;
  } finally {
    busy = false;
  }
}

function clockText(clock) {
  if (!clock) return ["", "--:--"];
  const level = clock.level;
  let name = "";
  if (clock.on_break) name = clock.break_name || "Break";
  else if (level && level.kind === "level") {
    name = `Level ${level.number} · ${level.small_blind.toLocaleString()}/${level.big_blind.toLocaleString()}`;
    if (level.ante) name += ` ante ${level.ante.toLocaleString()}`;
  }
  let left = clock.remaining_ms;
  if (left === null || left === undefined) return [name, "--:--"];
  if (clock.running) left = Math.max(0, left - (Date.now() - fetchedAt));
  const seconds = Math.ceil(left / 1000);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return [name, text];
}

function tickClock() {
  if (!station) return;
  const [name, left] = clockText(station.clock);
  $("level").textContent = name;
  $("time-left").textContent = left;
  $("paused").hidden = !(station.clock && station.clock.started && !station.clock.running);
}

function seatName(seat) {
  const found = station.seats.find((s) => s.seat === seat);
  return found && found.name ? `${found.name} (seat ${seat})` : `seat ${seat}`;
}

function show(data) {
  station = data;
  fetchedAt = Date.now();
  document.title = `Table ${data.table} station`;
  $("title").textContent = `Table ${data.table} · hand ${data.hand}`;
  $("event").textContent = data.tournament || "";
  tickClock();
  const status = $("status");
  if (data.hand_for_hand) {
    const left = data.tables_playing.filter((n) => !data.tables_done.includes(n));
    status.className = "status h4h";
    status.textContent = data.done
      ? `Hand-for-hand: hand ${data.hand} done. Waiting for table${left.length === 1 ? "" : "s"} ${left.join(", ")}`
      : `Hand-for-hand: play hand ${data.hand}, then tap Hand done`;
  } else {
    status.className = data.done ? "status done" : "status";
    status.textContent = data.done ? `Hand ${data.hand} done` : (data.hand ? `Hand ${data.hand} in play` : "No hand dealt yet");
  }
  const dealNext = data.done && !data.hand_for_hand;
  $("hand-done").hidden = dealNext;
  $("hand-done").disabled = data.done || !data.hand;
  $("next-hand-button").hidden = !dealNext;

  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of data.seats) {
    const tile = el("button", "seat" + (seat.entry_id ? "" : " empty") + (selected === seat.seat ? " selected" : ""));
    tile.type = "button";
    tile.dataset.seat = seat.seat;
    tile.append(el("span", "number", `Seat ${seat.seat}`), el("span", "markers", seat.markers));
    if (seat.entry_id) {
      tile.append(el("span", "name", seat.name), el("span", "chips", seat.chips.toLocaleString()));
      if (seat.absent) tile.append(el("span", "tag", "absent"));
      if (seat.waiting) tile.append(el("span", "tag", "waits for the button"));
    } else {
      tile.append(el("span", "name", seat.locked ? "locked" : "empty"));
    }
    tile.addEventListener("click", () => { selected = selected === seat.seat ? null : seat.seat; show(station); });
    seats.append(tile);
  }
  const next = data.next_button ? `Next hand: button seat ${data.next_button}, small blind ${data.next_small_blind ? "seat " + data.next_small_blind : "dead"}, big blind seat ${data.next_big_blind}.` : "";
  $("next-hand").textContent = next;
  $("waiting").textContent = data.waiting.length ? `Waiting for the button: ${data.waiting.join(", ")}` : "";

  const moves = $("moves");
  moves.replaceChildren();
  for (const move of data.moves) {
    const row = el("div", "move");
    row.dataset.entry = move.entry_id;
    if (move.to_table === data.table) {
      row.append(el("span", "", `${move.name} moves here: seat ${move.to_seat} (from table ${move.from_table} seat ${move.from_seat})`));
      const seated = el("button", "small confirm-move", "Seated");
      seated.type = "button";
      seated.addEventListener("click", () => command("confirm_move", {seat: move.to_seat}));
      row.append(seated);
    } else {
      row.append(el("span", "", `${move.name} (seat ${move.from_seat}): go to table ${move.to_table} seat ${move.to_seat}`));
    }
    moves.append(row);
  }
  moves.hidden = !data.moves.length;

  const calls = $("calls");
  calls.replaceChildren(...data.calls.map((c) => el("div", "call", `Floor called${c.seat ? " to seat " + c.seat : ""}: on the way`)));
  calls.hidden = !data.calls.length;
  const proposals = $("proposals");
  proposals.replaceChildren(...data.proposals.map((p) => el("div", "proposal",
    `Bust sent: ${p.busts.map((b) => b[1]).join(" and ")}, waiting for the director`)));
  proposals.hidden = !data.proposals.length;
}

function occupied() {
  return station ? station.seats.filter((s) => s.entry_id) : [];
}

function openBust() {
  say("", false);
  const rows = $("bust-seats");
  rows.replaceChildren();
  for (const seat of occupied()) {
    const row = el("label", "sheet-row");
    const tick = el("input");
    tick.type = "checkbox";
    tick.className = "bust-tick";
    tick.dataset.seat = seat.seat;
    tick.checked = selected === seat.seat;
    const stack = el("input");
    stack.type = "number";
    stack.inputMode = "numeric";
    stack.min = "0";
    stack.className = "bust-stack";
    stack.dataset.seat = seat.seat;
    stack.placeholder = "stack";
    stack.setAttribute("aria-label", `${seat.name}'s stack at the start of the hand`);
    row.append(tick, el("span", "", `${seat.seat}. ${seat.name}`), stack);
    rows.append(row);
  }
  const winner = $("bust-winner");
  winner.replaceChildren(el("option", "", "— choose —"));
  winner.firstChild.value = "";
  for (const seat of occupied()) {
    const option = el("option", "", `Seat ${seat.seat}: ${seat.name}`);
    option.value = seat.seat;
    winner.append(option);
  }
  $("bust-form").hidden = false;
}

async function sendBust(event) {
  event.preventDefault();
  const busted = [];
  for (const tick of document.querySelectorAll(".bust-tick")) {
    if (!tick.checked) continue;
    const stack = document.querySelector(`.bust-stack[data-seat="${tick.dataset.seat}"]`).value.trim();
    busted.push({seat: Number(tick.dataset.seat), start_chips: stack === "" ? null : Number(stack)});
  }
  if (!busted.length) { say("Tick the busted seat or seats first.", true); return; }
  const winner = $("bust-winner").value;
  const data = await command("bust", {hand: station.hand, busted, winners: winner ? [Number(winner)] : []});
  if (data && data.ok) $("bust-form").hidden = true;
}

function openCount() {
  say("", false);
  const rows = $("count-seats");
  rows.replaceChildren();
  for (const seat of occupied()) {
    const row = el("label", "sheet-row");
    const chips = el("input");
    chips.type = "number";
    chips.inputMode = "numeric";
    chips.min = "0";
    chips.className = "count-chips";
    chips.dataset.seat = seat.seat;
    chips.value = seat.chips;
    row.append(el("span", "", String(seat.seat)), el("span", "", seat.name), chips);
    rows.append(row);
  }
  $("count-occasion").value = station && station.clock && station.clock.on_break ? "break" : "count";
  $("count-form").hidden = false;
}

async function sendCount(event) {
  event.preventDefault();
  const counts = {};
  for (const field of document.querySelectorAll(".count-chips")) {
    counts[field.dataset.seat] = field.value.trim() === "" ? null : Number(field.value);
  }
  const data = await command("count", {counts, occasion: $("count-occasion").value});
  if (data && data.ok) $("count-form").hidden = true;
}

$("hand-done").addEventListener("click", () => station && command("hand_done", {hand: station.hand}));
$("next-hand-button").addEventListener("click", () => station && command("next_hand", {hand: station.hand}));
$("bust").addEventListener("click", openBust);
$("bust-cancel").addEventListener("click", () => { $("bust-form").hidden = true; });
$("bust-form").addEventListener("submit", sendBust);
$("count").addEventListener("click", openCount);
$("count-cancel").addEventListener("click", () => { $("count-form").hidden = true; });
$("count-form").addEventListener("submit", sendCount);
$("call-floor").addEventListener("click", () => command("call_floor", {seat: selected}));

async function openSession() {
  if (!CARD_CODE) return true;   // opened again: the tablet's session cookie is sent by itself
  try {
    const data = await api("session", {code: CARD_CODE});
    if (!data.ok) {
      $("connection").hidden = false;
      $("connection").textContent = data.error;
      return false;
    }
  } catch (e) {
    $("connection").hidden = false;
    $("connection").textContent = "No connection to the console: trying again…";
    return false;
  }
  history.replaceState(null, "", `/table/${TABLE}${TOURNAMENT ? "?tournament=" + TOURNAMENT : ""}`);
  return true;
}

async function start() {
  while (!(await openSession())) await new Promise((resolve) => setTimeout(resolve, 2000));
  refresh();
  setInterval(refresh, POLL_MS);
}

start();
setInterval(tickClock, 250);
