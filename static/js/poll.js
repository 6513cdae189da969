// Polling that backs off while nothing changes: an element with data-poll-backoff="min,max,hold" (seconds) and
// hx-trigger="poll" is asked every `min` seconds while it changes and for `hold` seconds after the last news (a game
// being played at the table stays quick); after that each answer without news (204) doubles the wait, up to `max`.
// News, the tab coming back into view, or the reader's own click starts again at `min`. A hidden tab is not polled
// at all. The measurements and the choice over server-sent events: docs/pages.md, "Live tables".
(function () {
  "use strict";
  var timers = new WeakMap();
  function bounds(el) {
    var parts = (el.getAttribute("data-poll-backoff") || "3,60,60").split(",");
    return { min: parseFloat(parts[0]) || 3, max: parseFloat(parts[1]) || 60, hold: parseFloat(parts[2]) || 0 };
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
  function fresh(el) {
    el.dataset.pollNews = String(Date.now());
    schedule(el, bounds(el).min);
  }
  function start(root) {
    var found = root && root.querySelectorAll ? Array.from(root.querySelectorAll("[data-poll-backoff]")) : [];
    if (root && root.matches && root.matches("[data-poll-backoff]")) found.push(root);
    found.forEach(function (el) { if (!timers.has(el)) fresh(el); });
  }
  document.addEventListener("DOMContentLoaded", function () { start(document); });
  document.addEventListener("htmx:load", function (event) { start(event.target); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var el = event.detail.elt;
    if (!el || !el.hasAttribute || !el.hasAttribute("data-poll-backoff") || !document.body.contains(el)) return;
    var quiet = event.detail.xhr && event.detail.xhr.status === 204;
    if (!quiet) { fresh(el); return; }
    var b = bounds(el), wait = parseFloat(el.dataset.pollWait) || b.min;
    var calm = (Date.now() - (parseFloat(el.dataset.pollNews) || 0)) / 1000;
    schedule(el, calm < b.hold ? b.min : Math.min(wait * 2, b.max));
  });
  function again() { document.querySelectorAll("[data-poll-backoff]").forEach(fresh); }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) again(); });
  document.addEventListener("click", again, true);
})();
