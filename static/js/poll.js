// Polling that backs off while nothing changes: an element with data-poll-backoff="min,max" (seconds) and
// hx-trigger="poll" is asked for every `min` seconds while it changes; each answer without news (204) doubles the
// wait up to `max`; news, the tab coming back into view, or the reader's own click starts again at `min`.
// A hidden tab is not polled at all (docs/pages.md, "Live tables").
(function () {
  "use strict";
  var timers = new WeakMap();
  function bounds(el) {
    var parts = (el.getAttribute("data-poll-backoff") || "3,60").split(",");
    return { min: parseFloat(parts[0]) || 3, max: parseFloat(parts[1]) || 60 };
  }
  function schedule(el, seconds) {
    clearTimeout(timers.get(el));
    el.dataset.pollWait = String(seconds);
    timers.set(el, setTimeout(function () {
      if (!document.body.contains(el)) return;
      if (document.hidden) { schedule(el, seconds); return; }
      htmx.trigger(el, "poll");
    }, seconds * 1000));
  }
  function start(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("[data-poll-backoff]").forEach(function (el) {
      if (!timers.has(el)) schedule(el, bounds(el).min);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { start(document); });
  document.addEventListener("htmx:load", function (event) { start(event.target); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var el = event.detail.elt;
    if (!el || !el.hasAttribute || !el.hasAttribute("data-poll-backoff") || !document.body.contains(el)) return;
    var b = bounds(el), wait = parseFloat(el.dataset.pollWait) || b.min;
    var quiet = event.detail.xhr && event.detail.xhr.status === 204;
    schedule(el, quiet ? Math.min(wait * 2, b.max) : b.min);
  });
  function again() {
    document.querySelectorAll("[data-poll-backoff]").forEach(function (el) { schedule(el, bounds(el).min); });
  }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) again(); });
  document.addEventListener("click", again, true);
})();
