// The little JavaScript of our own: keep the screen awake at the table,
// keep the live regions updated, and two form conveniences.
(function () {
  "use strict";

  // Screen Wake Lock, where the browser has it; re-taken when the page is shown again.
  let lock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator)) {
      // Browsers offer it only on secure pages; phones reach us over plain
      // http on the LAN, so say what to do instead.
      const hint = document.getElementById("wake-hint");
      if (hint) hint.hidden = false;
      return;
    }
    if (document.visibilityState !== "visible") return;
    try { lock = await navigator.wakeLock.request("screen"); } catch (e) { lock = null; }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);

  // Live regions. The sse extension in our htmx package is written for htmx 1
  // and fails on every message under htmx 2, so the same attributes are bound
  // here: the element with sse-connect opens the stream, and each child with
  // sse-swap="NAME" takes the HTML of the events named NAME (hx-swap="none"
  // skips it). On connect the server sends every region, so a phone that
  // lost Wi-Fi or slept catches up as soon as the stream is back.
  function setLive(state, version) {
    document.documentElement.dataset.live = state;
    const dot = document.getElementById("live-status");
    if (dot) {
      dot.dataset.state = state;
      if (version !== undefined) dot.dataset.version = version;
    }
  }
  const streams = [];
  function gone() { return document.documentElement.dataset.live === "gone"; }
  function connect(holder) {
    if (holder.source) holder.source.close();
    if (gone()) return;
    const source = holder.source = new EventSource(holder.getAttribute("sse-connect"));
    holder.querySelectorAll("[sse-swap]").forEach(function (target) {
      const style = target.getAttribute("hx-swap") || "innerHTML";
      if (style === "none") return;
      source.addEventListener(target.getAttribute("sse-swap"), function (event) {
        htmx.swap(target, event.data, {swapStyle: style});
      });
    });
    source.addEventListener("version", function (event) { setLive("open", event.data); });
    // The server pings every few seconds; silence for much longer means the
    // connection died without the browser noticing (Wi-Fi hand-over, sleep).
    function watch() {
      clearTimeout(holder.watchdog);
      holder.watchdog = setTimeout(function () { if (holder.source === source) { setLive("lost"); connect(holder); } },
                                   Number(holder.dataset.silenceMs || 40000));
    }
    ["ping", "version"].forEach(function (name) { source.addEventListener(name, watch); });
    // The table was deleted: reloading shows the page that says so.
    source.addEventListener("gone", function () { source.close(); setLive("gone"); window.location.reload(); });
    // The host moved this seat to another phone: show this one the join page.
    source.addEventListener("seat-lost", function () { source.close(); window.location.reload(); });
    source.onopen = function () { holder.retryDelay = 1000; setLive("open"); };
    source.onerror = function () {
      setLive("lost");
      // The browser retries by itself unless it gave up (CLOSED); then we do, backing off.
      if (source.readyState !== EventSource.CLOSED) return;
      holder.retryDelay = Math.min((holder.retryDelay || 1000) * 2, 30000);
      setTimeout(function () { if (holder.source === source) connect(holder); }, holder.retryDelay);
    };
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[sse-connect]").forEach(function (holder) { streams.push(holder); connect(holder); });
  });
  // Back from sleep or a dead zone, the old connection may be dead without
  // the browser knowing: start afresh (the server resends every region).
  function reconnectAll() { if (document.visibilityState === "visible") streams.forEach(connect); }
  window.addEventListener("online", reconnectAll);
  document.addEventListener("visibilitychange", reconnectAll);

  // Language menu submits itself.
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-autosubmit]")) event.target.form.submit();
  });

  // Confirm before destructive buttons (forms or buttons with data-confirm).
  document.addEventListener("click", function (event) {
    const button = event.target.closest("button");
    if (!button) return;
    const holder = button.closest("[data-confirm]") || (button.form && button.form.closest("[data-confirm]"));
    const question = (button.dataset.confirm) || (holder && holder.dataset.confirm);
    if (question && !window.confirm(question)) { event.preventDefault(); event.stopPropagation(); }
  }, true);
})();
