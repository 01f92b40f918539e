// The Gloomhaven map editor: tap-and-tap tools on the map's SVG. Each tap
// sends one table action (the same as any form on the page); the server's
// answer redraws the map on every phone. Pan is the page's own scrolling;
// zoom sets a CSS variable and rotate a data attribute, both on <html>,
// outside the live region so redraws keep them; they are this phone's view
// only. Taps need no mapping: the browser hit-tests the turned drawing.
(function () {
  "use strict";
  if (window.ghMapLoaded) return;
  window.ghMapLoaded = true;

  let pending = null; // first tap of a two-tap tool: {q, r} or {figure}
  // 1.3: a hex 52 × 45 px and a figure 44 px across at the start, thumb-sized.
  let zoom = 1.3;
  let turn = 0; // quarter turns clockwise, this phone only

  function tool() {
    const checked = document.querySelector("input[name=gh-tool]:checked");
    return checked ? checked.value : "figure";
  }

  // What a trap laid now does, as the scenario book prints it (the boxes beside the tools).
  function trapEffects() {
    const box = document.querySelector(".gh-trap-effects");
    if (!box) return {};
    const damage = box.querySelector("input[name=trap_damage]");
    const named = Array.from(box.querySelectorAll("input[name=trap_condition]:checked")).map(function (c) { return c.value; });
    return {trap_damage: damage && !damage.checked ? "false" : "true", trap_conditions: named.join(" ")};
  }

  function send(values) {
    const map = document.getElementById("gh-map");
    if (!map) return;
    htmx.ajax("POST", map.dataset.act, {source: map, values: values, target: "#gh-map-error", swap: "innerHTML"});
  }

  function hexOf(element) {
    const cell = element.closest("[data-q]");
    return cell ? {q: Number(cell.dataset.q), r: Number(cell.dataset.r), terrain: cell.dataset.terrain, laid: cell.classList.contains("gh-hex")} : null;
  }

  // Flat-top axial: the hexes of the column/row block between two corners.
  function block(a, b) {
    const row = function (h) { return h.r + Math.floor(h.q / 2); };
    const hexes = [];
    for (let q = Math.min(a.q, b.q); q <= Math.max(a.q, b.q); q++) {
      for (let y = Math.min(row(a), row(b)); y <= Math.max(row(a), row(b)); y++) hexes.push([q, y - Math.floor(q / 2)]);
    }
    return hexes;
  }

  function mark() {
    // Redraws replace the classes: the pending first tap is marked again.
    document.querySelectorAll(".gh-pending").forEach(function (el) { el.classList.remove("gh-pending"); });
    const note = document.querySelector(".gh-selected");
    if (note) note.hidden = !(pending && pending.figure);
    if (!pending) return;
    const selector = pending.figure ? '[data-figure="' + CSS.escape(pending.figure) + '"]'
                                    : '[data-q="' + pending.q + '"][data-r="' + pending.r + '"]';
    document.querySelectorAll("#gh-map " + selector).forEach(function (el) { el.classList.add("gh-pending"); });
    if (note && pending.figure) note.querySelector("span").textContent = pending.label || pending.figure;
  }

  function tapFigure(element) {
    const id = element.dataset.figure;
    if (tool() === "turn") {
      if (element.dataset.standee === "1") send({type: "map.show", standee: id});
      return;
    }
    const label = element.querySelector("title, span");
    pending = pending && pending.figure === id ? null : {figure: id, label: label ? label.textContent : id};
    mark();
  }

  function tapHex(hex) {
    const now = tool();
    if (now === "figure") {
      if (pending && pending.figure) {
        // Moved by hand, it springs a trap where it is put, unless the box says it flew or is only set right.
        const still = document.querySelector("input[name=gh-no-spring]");
        const values = {type: "map.place", figure: pending.figure, q: hex.q, r: hex.r};
        if (still && still.checked) { values.springs = "false"; still.checked = false; }
        send(values); pending = null;
      }
    } else if (now === "floor") {
      send({type: "map.hexes", hexes: JSON.stringify([[hex.q, hex.r]]), on: hex.laid ? "false" : "true"});
    } else if (now === "rect" || now === "wall") {
      if (!pending || pending.figure) { pending = hex; mark(); return; }
      if (now === "rect") send({type: "map.hexes", hexes: JSON.stringify(block(pending, hex)), on: "true"});
      else send({type: "map.wall", q: pending.q, r: pending.r, q2: hex.q, r2: hex.r});
      pending = null;
    } else if (now === "door" && hex.laid) {
      if (hex.terrain === "closed-door" || hex.terrain === "open-door") send({type: "map.door", q: hex.q, r: hex.r});
      else send({type: "map.terrain", q: hex.q, r: hex.r, terrain: "closed-door"});
    } else if (hex.laid && now === "trap" && hex.terrain !== "trap") {
      send(Object.assign({type: "map.terrain", q: hex.q, r: hex.r, terrain: "trap"}, trapEffects()));
    } else if (hex.laid && now !== "turn") {
      send({type: "map.terrain", q: hex.q, r: hex.r, terrain: hex.terrain === now ? "plain" : now});
    }
    mark();
  }

  document.addEventListener("click", function (event) {
    const map = event.target.closest("#gh-map");
    if (!map) return;
    const zoomButton = event.target.closest("[data-zoom]");
    if (zoomButton) {
      zoom = Math.min(3, Math.max(0.5, zoom + 0.25 * Number(zoomButton.dataset.zoom)));
      document.documentElement.style.setProperty("--gh-zoom", String(zoom));
      return;
    }
    if (event.target.closest("[data-rotate]")) {
      turn = (turn + 1) % 4;
      document.documentElement.dataset.ghTurn = String(turn);
      return;
    }
    if (event.target.closest("[data-off-map]")) {
      if (pending && pending.figure) send({type: "map.place", figure: pending.figure});
      pending = null; mark(); return;
    }
    const figure = event.target.closest("[data-figure]");
    if (figure && (tool() === "figure" || tool() === "turn" || figure.classList.contains("gh-tray-figure"))) {
      tapFigure(figure); return;
    }
    const hex = figure ? hexUnder(figure) : hexOf(event.target);
    if (hex) tapHex(hex);
  });

  // A figure drawn over a hex: a terrain or wall tool acts on the hex beneath.
  function hexUnder(figure) {
    const circle = figure.querySelector("circle");
    const x = circle.getAttribute("cx"), y = circle.getAttribute("cy");
    let found = null;
    document.querySelectorAll("#gh-map .gh-hex").forEach(function (cell) {
      const box = cell.getBBox();
      if (Math.abs(box.x + box.width / 2 - x) < 1 && Math.abs(box.y + box.height / 2 - y) < 1) found = cell;
    });
    return found ? hexOf(found) : null;
  }

  document.addEventListener("change", function (event) {
    if (!event.target.matches("input[name=gh-tool]")) return;
    pending = null; mark();
    const hint = document.querySelector(".gh-hint");
    const key = ["obstacle", "trap", "hazardous", "difficult"].indexOf(event.target.value) >= 0 ? "terrain" : event.target.value;
    if (hint && hint.dataset[key]) hint.textContent = hint.dataset[key];
  });

  // After a redraw from any phone, the pending first tap is marked again.
  new MutationObserver(function () {
    if (pending && !document.querySelector("#gh-map .gh-pending")) mark();
  }).observe(document.body, {childList: true, subtree: true});
})();
