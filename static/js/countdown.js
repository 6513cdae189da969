// A deadline that counts down: every <time data-countdown datetime="..."> shows the time left, each second, in the
// page's language (Intl.RelativeTimeFormat has no "1 h 5 min", so the units come from Intl.NumberFormat's unit style).
(function () {
  "use strict";
  var lang = document.documentElement.lang || "en";
  function part(value, unit) {
    return new Intl.NumberFormat(lang, { style: "unit", unit: unit, unitDisplay: "short" }).format(value);
  }
  function left(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    if (d > 0) return part(d, "day") + " " + part(h, "hour");
    if (h > 0) return part(h, "hour") + " " + part(m, "minute");
    return part(m, "minute") + " " + part(sec, "second");
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      var end = Date.parse(el.getAttribute("datetime"));
      if (isNaN(end)) return;
      el.textContent = left(end - now);
      el.classList.toggle("overdue", end <= now);
    });
  }
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSwap", tick);
  setInterval(tick, 1000);
})();
