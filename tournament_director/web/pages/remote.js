// The director's remote: sign in with the PIN shown on the console, then send the same commands the console runs.
// The clock above the buttons is the room state (room.js); every answer of the console is shown in #message.
"use strict";

(() => {
  const TOKEN_KEY = "room-remote-token";
  const DEVICE_KEY = "room-remote-device";
  const CONFIRM_MS = 6000;
  const $ = (id) => document.getElementById(id);
  let token = "";
  let proposal = null;
  let armedBust = null;       // {entry, eliminator, until}: the first tap on Bust, waiting for the second
  let signInBlockedUntil = 0;

  try { token = sessionStorage.getItem(TOKEN_KEY) || ""; } catch (error) { token = ""; }

  function say(text, kind) {
    const message = $("message");
    message.textContent = text || "";
    message.className = "message" + (kind ? " " + kind : "");
    if (!token) {  // the sign-in form shows its own message
      const form = $("sign-in");
      let note = form.querySelector(".message");
      if (!note) { note = Room.el("div", "message"); form.append(note); }
      note.textContent = text || "";
      note.className = "message" + (kind ? " " + kind : "");
    }
  }

  async function call(path, body) {
    const headers = {"content-type": "application/json"};
    if (token) headers.authorization = "Bearer " + token;
    let response;
    try {
      response = await fetch(path, {method: body === undefined ? "GET" : "POST", headers,
                                    body: body === undefined ? undefined : JSON.stringify(body)});
    } catch (error) {
      return {ok: false, error: "The console cannot be reached: check the Wi-Fi and that the room display is on."};
    }
    let data;
    try { data = await response.json(); } catch (error) { data = {ok: false, error: `The console answered ${response.status}.`}; }
    if (response.status === 401 && token) signedOut(data.error);
    return data;
  }

  // ----- signing in and out ------------------------------------------------------------------------------------
  function showSignedIn(device) {
    $("sign-in").hidden = true;
    $("controls").hidden = false;
    $("device").textContent = device ? `Signed in as ${device}` : "";
  }

  function signedOut(reason) {
    token = "";
    try { sessionStorage.removeItem(TOKEN_KEY); } catch (error) { /* private browsing */ }
    $("controls").hidden = true;
    $("sign-in").hidden = false;
    $("device").textContent = "";
    if (reason) say(reason, "refused");
  }

  async function signIn(event) {
    event.preventDefault();
    if (performance.now() < signInBlockedUntil) return;
    const device = $("device-name").value.trim();
    try { localStorage.setItem(DEVICE_KEY, device); } catch (error) { /* private browsing */ }
    const data = await call("/api/remote/sign-in", {pin: $("pin").value, device});
    if (!data.ok) {
      say(data.error, "refused");
      if (data.wait_seconds) blockSignIn(data.wait_seconds);
      return;
    }
    token = data.token;
    try { sessionStorage.setItem(TOKEN_KEY, token); } catch (error) { /* private browsing */ }
    $("pin").value = "";
    say(`Signed in as ${data.device}: your commands are logged under that name.`, "done");
    showSignedIn(data.device);
    refreshStatus();
    renderControls();
  }

  function blockSignIn(seconds) {
    const button = $("sign-in-button");
    signInBlockedUntil = performance.now() + seconds * 1000;
    button.disabled = true;
    const tick = () => {
      const left = Math.ceil((signInBlockedUntil - performance.now()) / 1000);
      if (left <= 0) { button.disabled = false; button.textContent = "Sign in"; return; }
      button.textContent = `Wait ${left} s`;
      setTimeout(tick, 250);
    };
    tick();
  }

  async function signOut() {
    await call("/api/remote/sign-out", {});
    signedOut("");
    say("Signed out.", "done");
  }

  // ----- commands ---------------------------------------------------------------------------------------------------
  async function command(action, extra) {
    const data = await call("/api/remote/command", {action, ...(extra || {})});
    if (data.ok) say(data.message, "done");
    else if (token) say(data.error, "refused");
    refreshStatus();
    return data;
  }

  async function refreshStatus() {
    if (!token) return;
    const data = await call("/api/remote/status");
    if (!data.ok) return;
    $("device").textContent = `Signed in as ${data.device}`;
    proposal = data.proposal;
    renderProposal();
  }

  function renderProposal() {
    const host = $("proposal");
    const nodes = [];
    if (!proposal) {
      nodes.push(Room.el("p", "hint", "No moves are waiting."));
    } else {
      nodes.push(Room.el("div", "proposal-title", `${proposal.title}: ${proposal.moves.length} move(s)`));
      for (const move of proposal.moves) {
        nodes.push(Room.el("div", "proposal-move",
          `${move.name}: table ${move.from_table} seat ${move.from_seat} → table ${move.to_table} seat ${move.to_seat}`));
      }
      if (proposal.note) nodes.push(Room.el("p", "hint", proposal.note));
    }
    host.replaceChildren(...nodes);
    $("accept-moves").disabled = !proposal;
    $("reject-moves").disabled = !proposal;
  }

  // ----- the clock buttons and the bust picker follow the room state ---------------------------------------------------
  function renderControls() {
    const state = Room.state;
    const clock = state && state.clock;
    const toggle = $("toggle-clock");
    toggle.textContent = !clock ? "No clock" : clock.running ? "Pause the clock" : clock.started ? "Resume the clock" : "Start the clock";
    toggle.classList.toggle("danger", Boolean(clock && clock.running));
    renderBustPicker();
  }

  function seatLabel(player) {
    return player.table === null ? `${player.name} (no seat)` : `${player.name}, table ${player.table} seat ${player.seat}`;
  }

  function fillSelect(select, items, keep) {
    const options = items.map(([value, text]) => {
      const option = document.createElement("option");
      option.value = String(value);
      option.textContent = text;
      return option;
    });
    const key = items.map(([v, t]) => v + ":" + t).join("|");
    if (select.dataset.key !== key) {
      select.dataset.key = key;
      select.replaceChildren(...options);
    }
    if (keep !== undefined && items.some(([v]) => String(v) === keep)) select.value = keep;
  }

  function renderBustPicker() {
    const state = Room.state;
    const players = state ? [...state.players] : [];
    players.sort((a, b) => (a.table ?? 1e9) - (b.table ?? 1e9) || (a.seat ?? 0) - (b.seat ?? 0));
    const query = Room.fold($("bust-filter").value.trim());
    const matching = players.filter((p) => !query || Room.fold(seatLabel(p)).includes(query));
    const busted = $("bust-player");
    const keepBusted = busted.value;
    fillSelect(busted, matching.map((p) => [p.id, seatLabel(p)]), keepBusted);
    const chosen = players.find((p) => String(p.id) === busted.value);
    const others = players.filter((p) => !chosen || p.id !== chosen.id);
    if (chosen) others.sort((a, b) => (a.table !== chosen.table) - (b.table !== chosen.table));
    const eliminator = $("bust-eliminator");
    fillSelect(eliminator, [["", "Not recorded"], ...others.map((p) => [p.id, seatLabel(p)])], eliminator.value);
    const button = $("bust-button");
    button.disabled = !chosen;
    if (armedBust && (!chosen || armedBust.entry !== chosen.id || performance.now() > armedBust.until)) disarm();
    if (!armedBust) button.textContent = chosen ? `Bust ${chosen.name}` : "Bust";
  }

  function disarm() {
    armedBust = null;
    $("bust-button").classList.remove("primary");
  }

  function bust() {
    const state = Room.state;
    const entry = Number($("bust-player").value);
    const chosen = state && state.players.find((p) => p.id === entry);
    if (!chosen) return;
    const eliminatorValue = $("bust-eliminator").value;
    const eliminator = eliminatorValue ? Number(eliminatorValue) : null;
    const button = $("bust-button");
    if (!armedBust || armedBust.entry !== entry || armedBust.eliminator !== eliminator || performance.now() > armedBust.until) {
      armedBust = {entry, eliminator, until: performance.now() + CONFIRM_MS};
      const by = eliminator ? state.players.find((p) => p.id === eliminator) : null;
      button.textContent = `Tap again: ${chosen.name} is out${by ? ", eliminated by " + by.name : ""}`;
      button.classList.add("primary");
      setTimeout(() => { if (armedBust && performance.now() > armedBust.until) { disarm(); renderBustPicker(); } }, CONFIRM_MS + 50);
      return;
    }
    disarm();
    command("bust", {entry_id: entry, eliminated_by: eliminator ? [eliminator] : []});
  }

  document.addEventListener("DOMContentLoaded", () => {
    try { $("device-name").value = localStorage.getItem(DEVICE_KEY) || ""; } catch (error) { /* private browsing */ }
    $("sign-in").addEventListener("submit", signIn);
    $("sign-out").addEventListener("click", signOut);
    $("toggle-clock").addEventListener("click", () => {
      const clock = Room.state && Room.state.clock;
      command(clock && clock.running ? "pause" : "resume");
    });
    $("minus-minute").addEventListener("click", () => command("add_time", {seconds: -60}));
    $("plus-minute").addEventListener("click", () => command("add_time", {seconds: 60}));
    $("previous-level").addEventListener("click", () => command("previous_level"));
    $("next-level-button").addEventListener("click", () => command("next_level"));
    $("bust-filter").addEventListener("input", renderBustPicker);
    $("bust-player").addEventListener("change", () => { disarm(); renderBustPicker(); });
    $("bust-eliminator").addEventListener("change", () => { disarm(); renderBustPicker(); });
    $("bust-button").addEventListener("click", bust);
    $("accept-moves").addEventListener("click", () => proposal && command("accept_moves", {proposal: proposal.key}));
    $("reject-moves").addEventListener("click", () => proposal && command("reject_moves", {proposal: proposal.key}));
    $("check-balance").addEventListener("click", () => command("check_balance"));
    $("call-count").addEventListener("click", () => command("call_chip_count", {note: $("count-note").value}));
    Room.onState(() => { renderControls(); refreshStatus(); });
    if (token) { showSignedIn(""); refreshStatus(); }
  });
})();
