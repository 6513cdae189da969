// Sign-up: the browser's time zone (an IANA name) into the hidden field, so that the account starts in it.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
    document.querySelectorAll("input[data-guess-time-zone]").forEach(function (el) { el.value = zone; });
  });
})();
