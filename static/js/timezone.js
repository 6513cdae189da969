// The browser's time zone (an IANA name), told to the server: kept in the "tz" cookie, which every request carries, so
// that a visitor, and an account still on the default zone, read every time in their own zone (league/timezones.py);
// on the sign-up form, also the hidden field the account starts with. A page the server made in the default zone
// (UTC) before it knew the browser's is loaded again once, in the browser's zone, when it shows times.
(function () {
  "use strict";
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
  // the browser's own spelling of a zone ("Etc/UTC" and "UTC" are one zone)
  function canonical(name) {
    try { return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone; } catch (e) { return name; }
  }
  function cookie() {
    var found = document.cookie.split("; ").filter(function (c) { return c.indexOf("tz=") === 0; })[0];
    return found ? found.slice(3) : "";
  }
  if (zone && cookie() !== zone) {
    // an IANA name ("America/Argentina/Buenos_Aires") is a valid cookie value as it is, and the server reads it so
    document.cookie = "tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[data-guess-time-zone]").forEach(function (el) { el.value = zone; });
    var root = document.body;
    if (!zone || root.getAttribute("data-time-zone-source") !== "default") return;
    if (canonical(root.getAttribute("data-time-zone") || "") === canonical(zone)) return;
    // once per tab, and only when the cookie took (a browser that refuses cookies would reload for ever)
    if (cookie() !== zone || !document.querySelector("time[datetime]")) return;
    try {
      if (sessionStorage.getItem("tz-reloaded")) return;
      sessionStorage.setItem("tz-reloaded", "1");
    } catch (e) { return; }
    location.reload();
  });
})();
