// "Your move" on any page of the site: the header's unread count and the page title's "(2) ..." kept up to date by
// polling a small JSON endpoint (every data-notify-poll seconds, 20 by default; hidden tabs too, whose title is what
// the reader sees of them), and, when a table comes to the player while they look at another page, a short sound if
// they turned it on (Settings; off by default). No inline script: the header's link carries the data.
(function () {
  "use strict";
  var link = document.getElementById("unread");
  if (!link || !link.getAttribute("data-notify-url")) return;
  var url = link.getAttribute("data-notify-url");
  var every = (parseFloat(link.getAttribute("data-notify-poll")) || 20) * 1000;
  var turn = link.getAttribute("data-notify-turn") || "";
  var base = document.title.replace(/^\(\d+\) /, "");
  var here = (location.pathname.match(/^\/tables\/(\d+)\//) || [])[1];
  var audio = null;

  function show(count) {
    var badge = document.getElementById("unread-count");
    if (badge) {
      var old = badge.textContent;
      badge.textContent = String(count);
      badge.hidden = !count;
      var label = badge.getAttribute("aria-label");
      if (label) badge.setAttribute("aria-label", label.replace(old, String(count)));
    }
    // a page whose title counts something of its own ("Your turn": the tables waiting) keeps it
    if (link.hasAttribute("data-notify-title")) document.title = (count ? "(" + count + ") " : "") + base;
  }

  // two short tones (Web Audio: no file to fetch); browsers allow sound only after the reader touched the page,
  // so the context is made, or resumed, on their first click or key
  function ready() {
    if (audio || !link.hasAttribute("data-notify-sound")) return;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (Context) audio = new Context();
  }
  function chime() {
    if (!link.hasAttribute("data-notify-sound")) return;
    ready();
    if (!audio) return;
    if (audio.state === "suspended") audio.resume();
    [[660, 0], [880, 0.16]].forEach(function (tone) {
      var osc = audio.createOscillator(), gain = audio.createGain(), at = audio.currentTime + tone[1];
      osc.frequency.value = tone[0];
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.16);
    });
  }
  document.addEventListener("click", ready, { once: true, capture: true });
  document.addEventListener("keydown", ready, { once: true, capture: true });

  function poll() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (data) {
        if (!data) return;
        show(data.unread);
        if (data.turn && data.turn !== turn) {
          // a table came to the player (or came back): not news on that table's own page, which shows it
          if (String(data.turn_table) !== here) {
            link.setAttribute("data-notify-news", data.turn);
            chime();
          }
        }
        turn = data.turn;
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { setTimeout(poll, every); });
  }
  setTimeout(poll, every);
})();
