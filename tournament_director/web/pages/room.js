// The room display's pages (phone and TV): the state arrives over a WebSocket at /ws, the time left counts down
// here between pushes, and a lost connection is said on screen and tried again by itself. Every text from the
// state goes in with textContent, never as HTML.
"use strict";

const Room = (() => {
  const HEARTBEAT_LOST_MS = 25000;     // the server sends something at least every 10 s
  const CHIP_COUNT_SHOWN_MS = 10 * 60 * 1000;
  const MOVE_SHOWN_MS = 15 * 60 * 1000;
  let state = null;
  let receivedAt = 0;                   // performance.now() when the state arrived
  let socket = null;
  let lastMessageAt = 0;
  let attempts = 0;
  let everConnected = false;
  const listeners = [];

  // ----- formatting --------------------------------------------------------------------------------------
  const numberFormat = new Intl.NumberFormat("en-US");
  const chips = (n) => (n === null || n === undefined ? "–" : numberFormat.format(n));

  function clockText(ms) {
    if (ms === null || ms === undefined) return "--:--";
    const whole = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
    const two = (v) => String(v).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  }

  function ordinal(n) {
    const suffix = (n % 100 >= 10 && n % 100 <= 20) ? "th" : ({1: "st", 2: "nd", 3: "rd"}[n % 10] || "th");
    return `${n}${suffix}`;
  }

  function placeText(result) {
    return result.place_to && result.place_to !== result.place
      ? `${ordinal(result.place)}–${ordinal(result.place_to)}` : ordinal(result.place);
  }

  function blindsText(level) {
    if (!level) return "";
    if (level.betting === "fixed_limit" && level.small_bet) return `${chips(level.small_bet)} / ${chips(level.big_bet)}`;
    return `${chips(level.small_blind)} / ${chips(level.big_blind)}`;
  }

  function anteText(level) {
    if (!level || !level.ante) return "";
    return `${level.big_blind_ante ? "Big blind ante" : "Ante"} ${chips(level.ante)}`;
  }

  function periodText(period) {
    if (!period) return "";
    if (period.kind === "break") return `${period.name} (${Math.round(period.duration_seconds / 60)} min)`;
    const ante = period.ante ? ` · ${period.big_blind_ante ? "BB ante" : "ante"} ${chips(period.ante)}` : "";
    return `Level ${period.number}: ${blindsText(period)}${ante}`;
  }

  // Accents and case ignored, so "jose" finds "José" and "zielinski" finds "Zieliński".
  function fold(text) {
    return String(text).normalize("NFKD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/Ł/g, "L")
      .replace(/ø/g, "o").replace(/Ø/g, "O").replace(/ß/g, "ss").toLowerCase();
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function setText(id, text) {
    const node = document.getElementById(id);
    if (node && node.textContent !== text) node.textContent = text;
  }

  function replaceChildren(id, nodes) {
    const node = document.getElementById(id);
    if (node) node.replaceChildren(...nodes);
  }

  // ----- time, counted here from the state's figures --------------------------------------------------------
  const elapsed = () => performance.now() - receivedAt;
  const serverNow = () => (state ? Date.parse(state.as_of) + elapsed() : Date.now());

  function remaining(ms, counting) {
    if (ms === null || ms === undefined) return null;
    return counting ? Math.max(0, ms - elapsed()) : ms;
  }

  // ----- the connection ---------------------------------------------------------------------------------------
  function showConnection(text) {
    const banner = document.getElementById("connection");
    if (!banner) return;
    banner.textContent = text || "";
    banner.hidden = !text;
    document.body.classList.toggle("offline", Boolean(text));
  }

  function receive(data) {
    state = data;
    receivedAt = performance.now();
    showConnection("");
    for (const listener of listeners) listener(state);
  }

  // A phone that slept may not have counted the time meanwhile: read the state afresh when the page shows again.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !socket || socket.readyState !== WebSocket.OPEN) return;
    fetch("/api/state", {cache: "no-store"}).then((r) => r.json()).then((data) => {
      if (data && data.format && (!state || data.sequence >= state.sequence)) receive(data);
    }).catch(() => { /* the WebSocket notices a lost connection */ });
  });

  function connect(page) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws?page=${encodeURIComponent(page)}`);
    socket.onopen = () => { attempts = 0; everConnected = true; lastMessageAt = performance.now(); };
    socket.onmessage = (message) => {
      lastMessageAt = performance.now();
      let data;
      try { data = JSON.parse(message.data); } catch (error) { return; }
      if (data.heartbeat) return;
      receive(data);
    };
    socket.onclose = () => {
      socket = null;
      attempts += 1;
      const wait = Math.min(5000, 500 * attempts);
      showConnection(everConnected
        ? "Connection to the tournament lost: reconnecting…"
        : "Cannot reach the tournament yet: trying again…");
      setTimeout(() => connect(page), wait);
    };
    socket.onerror = () => { /* onclose follows and tries again */ };
  }

  setInterval(() => {  // a connection that went silent (a phone's Wi-Fi) is closed, and so tried again
    if (socket && socket.readyState === WebSocket.OPEN && performance.now() - lastMessageAt > HEARTBEAT_LOST_MS) {
      socket.close();
    }
  }, 2000);

  // ----- rendering shared by the phone and the TV ----------------------------------------------------------------
  function renderClock() {
    const clock = state && state.clock;
    const pausedBadge = document.getElementById("paused");
    // After a crash, until the director chooses: the time as if the clock had kept running, counting on.
    const counting = Boolean(clock && (clock.running || clock.restart_pending));
    let message = "";
    if (!state || !state.tournament) {
      message = "No tournament is open yet";
    } else if (!clock) {
      message = "The blind structure is not loaded yet";
    } else if (clock.restart_pending) {
      message = "Waiting for the director: the clock as if it had kept running";
    } else if (!clock.started) {
      const startsIn = remaining(clock.starts_in_ms, true);
      message = startsIn === null ? "The clock has not started yet"
        : (startsIn > 0 ? `Starts in ${clockText(startsIn)}` : "Starting now");
    }
    if (state && state.notices && state.notices.finished) message = "The tournament is over";
    setText("clock-message", message);
    if (!clock) {
      setText("level-name", "");
      setText("time-left", "--:--");
      for (const id of ["blinds", "ante", "next-level", "break-in"]) setText(id, "");
      if (pausedBadge) pausedBadge.hidden = true;
      return;
    }
    setText("level-name", clock.on_break ? clock.break_name : (clock.level ? `Level ${clock.level.number}` : ""));
    setText("time-left", clockText(remaining(clock.remaining_ms, counting)));
    if (clock.on_break) {  // what players want to know at a break: the blinds they come back to
      const after = clock.next && clock.next.kind === "level" ? clock.next : null;
      setText("blinds", after ? `Next ${blindsText(after)}` : "");
      setText("ante", after ? anteText(after) : "");
      setText("next-level", after ? `Level ${after.number} after the break` : "");
      setText("break-in", clock.notice || "");
    } else {
      setText("blinds", blindsText(clock.level));
      setText("ante", anteText(clock.level));
      setText("next-level", clock.next ? `Next: ${periodText(clock.next)}` : "Last level");
      const toBreak = remaining(clock.ms_to_break, counting);
      setText("break-in", toBreak !== null && clock.next ? `Break in ${clockText(toBreak)}` : "");
    }
    const paused = clock.started && !clock.running && !(state.notices && state.notices.finished);
    if (pausedBadge) {
      pausedBadge.hidden = !paused;
      pausedBadge.textContent = clock.restart_pending ? "WAITING FOR THE DIRECTOR" : "PAUSED";
    }
    document.body.classList.toggle("is-paused", paused);
    document.body.classList.toggle("on-break", clock.on_break);
  }

  function renderNotices() {
    const notices = (state && state.notices) || {};
    const items = [];
    if (notices.final_table) items.push(el("div", "notice notice-final", "Final table"));
    if (notices.hand_for_hand) items.push(el("div", "notice notice-h4h", "Hand-for-hand: every table plays one hand at a time"));
    const call = notices.chip_count;
    if (call && serverNow() - Date.parse(call.called_at) < CHIP_COUNT_SHOWN_MS) {
      const at = new Date(call.called_at).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
      items.push(el("div", "notice notice-count", `Chip count called at ${at}${call.note ? ": " + call.note : ""}`));
    }
    if (notices.finished && state.results.length) {
      const winner = state.results.find((r) => r.place === 1);
      if (winner) items.push(el("div", "notice notice-final", `Winner: ${winner.name}`));
    }
    const key = items.map((n) => n.className + n.textContent).join("|");
    const host = document.getElementById("notices");
    if (host && host.dataset.key !== key) { host.dataset.key = key; host.replaceChildren(...items); }
  }

  function renderFigures() {
    const f = state && state.figures;
    setText("players-left", f ? chips(f.players_left) : "–");
    setText("entries", f ? chips(f.entries) : "–");
    setText("average-stack", f ? chips(f.average_stack) : "–");
    setText("prize-pool", f ? chips(f.prize_pool) : "–");
    setText("tournament-name", state && state.tournament ? state.tournament.name : "Tournament clock");
    document.title = state && state.tournament ? `${state.tournament.name}: clock` : "Tournament clock";
  }

  // A bounty tournament: the bounties in play and the biggest heads; nothing at all in another tournament.
  function renderBounties() {
    const bounties = state && state.bounties;
    const section = document.getElementById("bounties");
    if (section) section.hidden = !bounties;
    if (!bounties) return;
    setText("bounties-in-play", chips(bounties.in_play));
    const title = document.getElementById("heads-title");
    if (title) title.hidden = bounties.biggest.length === 0;  // a fixed bounty: the same on every head
    const rows = bounties.biggest.map((head) => {
      const row = el("li", "head");
      row.append(el("span", "head-name", head.name));
      if (head.table !== null && head.table !== undefined) row.append(el("span", "head-table", `table ${head.table}`));
      row.append(el("span", "head-bounty", chips(head.bounty)));
      return row;
    });
    const key = rows.map((row) => row.textContent).join("|");
    const host = document.getElementById("biggest-heads");
    if (host && host.dataset.key !== key) { host.dataset.key = key; host.replaceChildren(...rows); }
  }

  function renderPayouts(limit) {
    const payouts = (state && state.payouts) || [];
    const shown = payouts.slice(0, limit || payouts.length);
    const rows = shown.map((p) => {
      const row = el("li", "payout");
      row.append(el("span", "payout-place", ordinal(p.place)), el("span", "payout-amount", chips(p.amount)));
      return row;
    });
    if (!rows.length) rows.push(el("li", "empty", "Payouts show once the prize pool is known"));
    else if (payouts.length > shown.length) rows.push(el("li", "more", `… ${payouts.length - shown.length} more places paid`));
    replaceChildren("payouts", rows);
  }

  function renderResults(limit) {
    const results = (state && state.results) || [];
    const shown = results.slice(0, limit || results.length);
    const rows = shown.map((r) => {
      const row = el("li", "result");
      row.append(el("span", "result-place", placeText(r)), el("span", "result-name", r.name));
      if (r.prize) row.append(el("span", "result-prize", chips(r.prize)));
      if (r.eliminated_by && r.eliminated_by.length) {
        row.append(el("span", "result-by", `eliminated by ${r.eliminated_by.join(" and ")}`));
      }
      return row;
    });
    if (!rows.length) rows.push(el("li", "empty", "Nobody is out yet"));
    replaceChildren("results", rows);
  }

  function renderAll() {
    renderClock();
    renderNotices();
    renderFigures();
    renderBounties();
  }

  function start(page) {
    listeners.push(renderAll);
    setInterval(() => { if (state) { renderClock(); renderNotices(); } }, 200);
    connect(page);
  }

  return {start, onState: (fn) => listeners.push(fn), get state() { return state; }, el, fold, chips, clockText,
          ordinal, placeText, serverNow, renderPayouts, renderResults, replaceChildren, setText,
          MOVE_SHOWN_MS};
})();

// ----- the phone page: everything, and the seat finder ---------------------------------------------------------------
function seatFinder() {
  const input = document.getElementById("seat-search");
  if (!input) return;
  try { input.value = localStorage.getItem("seat-search") || ""; } catch (error) { /* private browsing */ }

  function render() {
    const state = Room.state;
    const query = Room.fold(input.value.trim());
    try { localStorage.setItem("seat-search", input.value.trim()); } catch (error) { /* private browsing */ }
    if (!state || query.length < 2) {
      Room.replaceChildren("seat-results", query.length ? [Room.el("li", "hint", "Type at least two letters")] : []);
      return;
    }
    const rows = [];
    for (const player of state.players.filter((p) => Room.fold(p.name).includes(query)).slice(0, 8)) {
      const row = Room.el("li", "seat" + (player.moved ? " seat-moved" : ""));
      row.append(Room.el("span", "seat-name", player.name));
      if (player.table === null) {
        row.append(Room.el("span", "seat-where", "Waiting for a seat"));
      } else {
        row.append(Room.el("span", "seat-where", `Table ${player.table} · Seat ${player.seat}`));
      }
      if (player.moved) {
        row.append(Room.el("span", "seat-move",
          `Moved here from table ${player.moved.from_table}, seat ${player.moved.from_seat}`));
      }
      rows.push(row);
    }
    for (const result of state.results.filter((r) => Room.fold(r.name).includes(query)).slice(0, 4)) {
      const row = Room.el("li", "seat seat-out");
      row.append(Room.el("span", "seat-name", result.name),
                 Room.el("span", "seat-where", `Out in ${Room.placeText(result)} place`));
      rows.push(row);
    }
    if (!rows.length) rows.push(Room.el("li", "hint", "Nobody in the tournament has that name"));
    Room.replaceChildren("seat-results", rows);
  }

  input.addEventListener("input", render);
  Room.onState(render);
}

function renderTvMoves() {
  const state = Room.state;
  const recent = state.moves.filter((m) => Room.serverNow() - Date.parse(m.at) < Room.MOVE_SHOWN_MS);
  const rows = recent.map((m) => {
    const row = Room.el("li", "move");
    row.append(Room.el("span", "move-name", m.name),
               Room.el("span", "move-where", `table ${m.to_table}, seat ${m.to_seat}`),
               Room.el("span", "move-from", `from table ${m.from_table}`));
    return row;
  });
  const section = document.querySelector(".moves-section");
  if (section) section.hidden = rows.length === 0;
  document.body.classList.toggle("has-moves", rows.length > 0);   // the moves then get most of the room
  Room.replaceChildren("moves", rows);
}

// A TV list shows the rows that fit whole in its part of the screen, and says how many more there are: never a
// row cut in half, never a list that seems to end where it does not.
function fitTvList(id, more) {
  const list = document.getElementById(id);
  const section = list && list.closest("section");
  if (!section || section.hidden) return;
  for (const old of list.querySelectorAll(".more")) old.remove();
  const rows = [...list.children];
  for (const row of rows) row.hidden = false;
  const bottom = section.getBoundingClientRect().bottom;
  const fits = () => list.lastElementChild.getBoundingClientRect().bottom <= bottom + 1;
  if (!rows.length || fits()) return;
  const note = Room.el("li", "more");
  list.append(note);
  let left = rows.length;
  do {
    rows[--left].hidden = true;
    note.textContent = more(rows.length - left);
  } while (left > 0 && !fits());
  note.hidden = !fits();
}

function renderTv() {
  Room.renderPayouts(10);
  Room.renderResults(8);
  renderTvMoves();
  Room.setText("phone-url", Room.state.address || location.origin + "/");
  fitTvList("moves", (n) => `+ ${n} more move${n === 1 ? "" : "s"}: see the phone page`);
  fitTvList("results", (n) => `+ ${n} more on the phone page`);
}

document.addEventListener("DOMContentLoaded", () => {
  const page = document.body.dataset.page;
  if (page === "tv") {
    Room.onState(renderTv);
    window.addEventListener("resize", () => { if (Room.state) renderTv(); });
  } else if (page === "phone") {
    Room.onState(() => { Room.renderPayouts(); Room.renderResults(); });
    seatFinder();
  }
  Room.start(page);
});
