// The little JavaScript of our own: keep the screen awake at the table,
// show whether the live stream is connected, and two form conveniences.
(function () {
  "use strict";

  // Screen Wake Lock, where the browser has it; re-taken when the page is shown again.
  let lock = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try { lock = await navigator.wakeLock.request("screen"); } catch (e) { lock = null; }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("DOMContentLoaded", keepAwake);

  // Live-stream status dot.
  function setLive(state) {
    const dot = document.getElementById("live-status");
    if (dot) dot.dataset.state = state;
  }
  document.addEventListener("htmx:sseOpen", function () { setLive("open"); });
  document.addEventListener("htmx:sseError", function () { setLive("lost"); });

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
