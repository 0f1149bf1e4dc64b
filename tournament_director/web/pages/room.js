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
  let switching = false;                // the phone chose another event: its socket closes to connect again
  const listeners = [];
  // The tournament the page shows: the TV is told by its address (/tv?tournament=ID); the phone page remembers the
  // event it chose; "" is the one in front of the director.
  let wanted = wantedTournament();

  function wantedTournament() {
    const asked = new URLSearchParams(location.search).get("tournament");
    if (asked) return asked;
    if (document.body.dataset.page !== "phone") return "";
    try { return localStorage.getItem("tournament") || ""; } catch (error) { return ""; }
  }

  function asking() {
    return wanted ? `tournament=${encodeURIComponent(wanted)}` : "";
  }

  // The phone page: another of the running events chosen; its state comes over a new connection.
  function choose(id) {
    wanted = String(id);
    try { localStorage.setItem("tournament", wanted); } catch (error) { /* private browsing */ }
    history.replaceState(null, "", `${location.pathname}?${asking()}`);
    if (socket) { switching = true; socket.close(); }
  }

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
    fetch(`/api/state${wanted ? "?" + asking() : ""}`, {cache: "no-store"}).then((r) => r.json()).then((data) => {
      if (data && data.format && (!state || data.sequence >= state.sequence)) receive(data);
    }).catch(() => { /* the WebSocket notices a lost connection */ });
  });

  const utf8 = new TextDecoder("utf-8");

  function connect(page) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws?page=${encodeURIComponent(page)}&binary=1${wanted ? "&" + asking() : ""}`);
    socket.binaryType = "arraybuffer";  // the state comes as its JSON in UTF-8 bytes, a heartbeat as text
    socket.onopen = () => { attempts = 0; everConnected = true; lastMessageAt = performance.now(); };
    socket.onmessage = (message) => {
      lastMessageAt = performance.now();
      let data;
      try {
        const text = typeof message.data === "string" ? message.data : utf8.decode(message.data);
        data = JSON.parse(text);
      } catch (error) { return; }
      if (data.heartbeat) return;
      receive(data);
    };
    socket.onclose = (event) => {
      socket = null;
      if (switching || (event.code === 1008 && wanted)) {  // another event chosen, or the one asked for is gone
        if (!switching) {
          wanted = "";
          try { localStorage.removeItem("tournament"); } catch (error) { /* private browsing */ }
        }
        switching = false;
        connect(page);
        return;
      }
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

  // The running events, for the phone to choose one (shown when there are two or more).
  function renderEvents() {
    const nav = document.getElementById("events");
    if (!nav) return;
    const events = (state && state.events) || [];
    nav.hidden = events.length < 2;
    const shownId = state && state.tournament ? state.tournament.id : null;
    const buttons = events.map((event) => {
      const button = el("button", event.id === shownId ? "event chosen" : "event",
                        event.label ? `${event.name} · ${event.label}` : event.name);
      button.type = "button";
      button.setAttribute("aria-pressed", String(event.id === shownId));
      button.addEventListener("click", () => choose(event.id));
      return button;
    });
    replaceChildren("events", buttons);
  }

  function renderAll() {
    renderEvents();
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

  return {start, onState: (fn) => listeners.push(fn), get state() { return state; }, get receivedAt() { return receivedAt; },
          el, fold, chips, clockText,
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
  if (left === 0) {  // no row beside the note: the newest row tells the room more than "+ n more"
    note.remove();
    rows[0].hidden = false;
    rows[0].hidden = !fits();
    return;
  }
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

// ----- the TV page drawing the tournament's screen layout, as the projector draws it --------------------------------
// The server sends the layout (its overrides applied for the moment) and what each cell says; here each cell is put
// on its grid, its text sized to its share of the cell's height and made smaller until it fits, and the clock and
// the time to the break counted between pushes. With no layout chosen the page keeps its own look (.tv-grid).
const Screen = (() => {
  const LIST_TOKENS = new Set(["payouts", "biggest_bounties", "knockouts", "seating_chart", "results", "rules"]);
  const PLACE_TOKENS = new Set(["payouts", "knockouts", "results"]);
  const AMOUNT_TOKENS = new Set(["payouts", "biggest_bounties"]);
  const PICTURES = new Set(["image", "logo", "qr"]);
  let builtKey = "";

  function rulesUp(screen) {
    const every = screen.rules_every_seconds;
    if (!screen.rules_page || !every) return false;
    return Math.floor(Room.serverNow() / 1000) % every < Math.min(screen.rules_for_seconds, every);
  }

  // The texts the page counts itself: the clock and the time to the break, as the projector words them.
  function countedText(token, fallback) {
    const clock = Room.state.clock;
    if (!clock) return fallback;
    const counting = Boolean(clock.running || clock.restart_pending);
    const elapsedMs = performance.now() - Room.receivedAt;
    const left = (ms, on) => (ms === null || ms === undefined ? null : (on ? Math.max(0, ms - elapsedMs) : ms));
    if (token === "clock") {
      const startsIn = left(clock.starts_in_ms, true);
      if (startsIn !== null && startsIn > 0) return Room.clockText(startsIn);
      return Room.clockText(left(clock.remaining_ms, counting));
    }
    if (token === "time_to_break") {
      const toBreak = left(clock.ms_to_break, counting);
      return toBreak === null || clock.on_break ? "" : `Break in ${Room.clockText(toBreak)}`;
    }
    return fallback;
  }

  const lastMinute = (text) => (text.startsWith("00:") && text !== "00:00") || text === "01:00";

  function fit(node, width) {  // smaller until the text fits its width (never larger than asked)
    for (let i = 0; i < 4 && node.scrollWidth > width * 0.98 && node.scrollWidth > 0; i += 1) {
      const size = parseFloat(node.style.fontSize);
      node.style.fontSize = `${Math.max(6, Math.floor(size * (width * 0.98) / node.scrollWidth))}px`;
    }
  }

  function build(host, layout, texts, pictures, labels) {
    host.style.background = layout.background || "#0b0f14";
    if (pictures.background) host.style.backgroundImage = `url("${pictures.background}")`;
    else host.style.backgroundImage = "";
    const inner = Room.el("div", "screen-inner");
    host.replaceChildren(inner);
    const box = inner.getBoundingClientRect();
    const margin = Math.min(innerWidth, innerHeight) * 0.02;
    const gap = margin * 0.35;
    const columnW = box.width / layout.columns, rowH = box.height / layout.rows;
    for (const cell of layout.cells) {
      if (cell.hidden) continue;
      const text = texts[cell.id] || "";
      const picture = cell.token === "qr" ? "/qr.svg" : pictures[cell.id];
      if (PICTURES.has(cell.token) && !picture) continue;
      let x = cell.x * columnW, y = cell.y * rowH, w = cell.w * columnW, h = cell.h * rowH;
      if (cell.background) { x += gap; y += gap; w -= 2 * gap; h -= 2 * gap; }
      const node = Room.el("div", "cell");
      node.dataset.cell = cell.id;
      node.dataset.token = cell.token;
      Object.assign(node.style, {left: `${x}px`, top: `${y}px`, width: `${w}px`, height: `${h}px`,
                                 color: cell.colour || "#f2f4f7", fontFamily: layout.font || "",
                                 fontWeight: cell.bold === false ? "400" : "700"});
      const padX = Math.min(w * 0.04, h * 0.25);
      node.style.padding = `0 ${padX}px`;
      const bodyW = w - 2 * padX;
      const caption = labels[cell.id] !== undefined ? labels[cell.id] : cell.label;
      if (cell.background && (text || caption || PICTURES.has(cell.token))) {
        node.classList.add("panel");
        node.style.background = cell.background;
      }
      const justify = {left: "flex-start", center: "center", right: "flex-end"}[cell.align || "center"];
      let bodyH = h;
      if (caption) {
        const labelH = Math.min(h * 0.3, (h / cell.h) * 0.55);
        const label = Room.el("div", "cell-label", caption);
        Object.assign(label.style, {height: `${labelH}px`, fontSize: `${labelH * 0.62}px`, fontWeight: "400",
                                    color: layout.label_colour || "#9aa7b5", justifyContent: justify,
                                    paddingTop: `${labelH * 0.1}px`});
        node.append(label);
        bodyH = h - labelH;
      }
      const body = Room.el("div", "cell-body");
      node.append(body);
      inner.append(node);
      if (PICTURES.has(cell.token)) {
        const img = Room.el("img", "picture");
        img.src = picture;
        img.alt = cell.token === "qr" ? "QR code of the phone page" : cell.token;
        body.append(img);
        continue;
      }
      if (!text) continue;
      if (LIST_TOKENS.has(cell.token) || text.includes("\n")) {
        lines(body, cell, text, bodyH, bodyW, justify, layout);
      } else {
        const line = Room.el("div", "line value", text);
        Object.assign(line.style, {fontSize: `${bodyH * (cell.size || 0.7)}px`, justifyContent: justify});
        if (cell.token === "clock" || cell.token === "time_to_break") line.dataset.counted = cell.token;
        if (cell.token === "clock") line.dataset.accent = layout.accent || "";
        body.append(line);
        fit(line, bodyW);
      }
    }
  }

  function lines(body, cell, text, bodyH, bodyW, justify, layout) {
    const rows = cell.rows || Math.max(1, cell.h * 2);
    const lineH = bodyH / rows;
    let all = text.split("\n");
    if (cell.token === "rules" || cell.token === "text") {  // paragraphs wrap as the projector wraps them
      const para = Room.el("div", "value wrapped", text);
      Object.assign(para.style, {fontSize: `${lineH * (cell.size || 0.7)}px`, lineHeight: `${lineH}px`,
                                 whiteSpace: "pre-line", textAlign: cell.align || "left", overflow: "hidden",
                                 maxHeight: `${bodyH}px`});
      body.style.justifyContent = "flex-start";
      body.append(para);
      return;
    }
    if (all.length > rows) all = [...all.slice(0, rows - 1), `… ${all.length - rows + 1} more`];
    body.style.justifyContent = "flex-start";
    const split = (cell.align || "center") !== "center";
    const flushRight = AMOUNT_TOKENS.has(cell.token);
    const made = [];
    for (const textLine of all) {
      const line = Room.el("div", "line value" + (flushRight ? "" : " aside"));
      Object.assign(line.style, {height: `${lineH}px`, fontSize: `${lineH * (cell.size || 0.7)}px`,
                                 justifyContent: justify});
      const at = textLine.indexOf("  ");
      if (split && at > 0 && !textLine.startsWith("… ")) {
        const left = Room.el("span", "left", textLine.slice(0, at));
        const right = Room.el("span", "right", textLine.slice(at + 2).trim());
        if (PLACE_TOKENS.has(cell.token) && !right.textContent.startsWith("→")) {  // a move starts with the name
          left.style.color = layout.label_colour || "#9aa7b5";
        }
        left.style.width = flushRight ? "auto" : `${bodyW * 0.26}px`;
        left.style.flex = "none";
        line.append(left, right);
      } else {
        line.textContent = textLine;
        if (textLine.startsWith("… ")) line.style.color = layout.label_colour || "#9aa7b5";
      }
      body.append(line);
      made.push(line);
    }
    // one size for every line of the list: the smallest that fits
    let smallest = Infinity;
    for (const line of made) { fit(line, bodyW); smallest = Math.min(smallest, parseFloat(line.style.fontSize)); }
    for (const line of made) line.style.fontSize = `${smallest}px`;
  }

  function tick() {
    const host = document.getElementById("screen");
    if (!host || host.hidden) return;
    for (const node of host.querySelectorAll("[data-counted]")) {
      const text = countedText(node.dataset.counted, node.textContent);
      if (node.textContent !== text) node.textContent = text;
      if (node.dataset.counted === "clock") {
        const cell = node.closest(".cell");
        const running = Room.state.clock && Room.state.clock.running && !Room.state.clock.on_break;
        node.style.color = running && lastMinute(text) && node.dataset.accent ? node.dataset.accent : "";
        if (cell && !node.style.color) node.style.color = "";
      }
    }
  }

  function render() {
    const state = Room.state;
    const screen = state && state.screen;
    const host = document.getElementById("screen");
    const grid = document.querySelector(".tv-grid");
    const shown = Boolean(screen && !screen.own_end);
    if (host) host.hidden = !shown;
    if (grid) grid.hidden = shown;
    if (!shown || !host) { builtKey = ""; return; }
    const up = rulesUp(screen);
    const layout = up ? screen.rules_page : screen.layout;
    const texts = {...(up ? screen.rules_cells : screen.cells)};
    for (const cell of layout.cells) {
      if (cell.token === "clock" || cell.token === "time_to_break") texts[cell.id] = countedText(cell.token, texts[cell.id]);
    }
    const counted = new Set(layout.cells.filter((c) => c.token === "clock" || c.token === "time_to_break").map((c) => c.id));
    const stable = Object.fromEntries(Object.entries(texts).filter(([id]) => !counted.has(id)));
    const labels = up ? {} : (screen.labels || {});
    const key = JSON.stringify([layout, stable, labels, Object.keys(screen.pictures || {}), innerWidth, innerHeight]);
    if (key !== builtKey) {
      builtKey = key;
      build(host, layout, texts, screen.pictures || {}, labels);
    }
    tick();
  }

  return {render, forget: () => { builtKey = ""; }};
})();

document.addEventListener("DOMContentLoaded", () => {
  const page = document.body.dataset.page;
  if (page === "tv") {
    Room.onState(Screen.render);
    setInterval(() => { if (Room.state) Screen.render(); }, 200);
    addEventListener("resize", () => { Screen.forget(); if (Room.state) Screen.render(); });
    Room.onState(renderTv);
    window.addEventListener("resize", () => { if (Room.state) renderTv(); });
  } else if (page === "phone") {
    Room.onState(() => { Room.renderPayouts(); Room.renderResults(); });
    seatFinder();
  }
  Room.start(page);
});
