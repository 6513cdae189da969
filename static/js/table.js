// The card table (templates/league/table.html): choosing a move without sending it by mistake.
//
// Plain script, no library: it runs under a strict Content-Security-Policy (script-src 'self': no inline script,
// no on* attribute, no eval), and htmx still sends every move (the forms post to /tables/<id>/move/ and htmx swaps
// the board). Without this script the page still works: a legal card or a move button sends its move at once.
//
// - A click (or Enter) on a choice — a legal card, a call of the bidding box, a move button — selects it; a second
//   click on it, or the form's Play/Confirm button, sends it; Escape, Cancel or a click elsewhere clears it. With the
//   player's setting "confirm every move" off (data-confirm-moves="0" on #board) one click sends.
// - A move that takes several cards (a row, the cards to show) collects them in the order clicked, numbered on the
//   cards, and is sent once it holds as many as the move takes.
// - A refused card says why (its data-reason) when tapped, hovered or focused.
// - The arrow keys move through the cards of the hand (one tab stop for the whole fan).
// - A bet: the slider, the number and the presets (min, ½ pot, pot, all-in) move together; the button sends.
// - The turn change is announced politely (#turn-announcer, outside the swapped board).
// - "How the last hand ended" stays closed once the reader closed it (sessionStorage).
(function () {
  "use strict";

  function board() { return document.getElementById("board"); }
  function confirming() { var b = board(); return !b || b.getAttribute("data-confirm-moves") !== "0"; }

  // --- selection ---------------------------------------------------------------------------------------------------

  function bar(form) { return form.querySelector(".confirm-bar"); }
  function sizes(form) {
    return (form.getAttribute("data-sizes") || "1").split(",").map(function (n) { return parseInt(n, 10); });
  }
  function several(form) { return form.getAttribute("data-field") === "cards"; }

  function clear(form) {
    form.querySelectorAll("[data-choice].selected").forEach(function (el) {
      el.classList.remove("selected");
      el.removeAttribute("aria-pressed");
      el.removeAttribute("data-order");
    });
    form.querySelectorAll("input[data-picked]").forEach(function (input) { input.remove(); });
    var b = bar(form);
    if (!b) return;
    b.hidden = true;
    var play = b.querySelector("[data-play]");
    play.disabled = true;
    play.value = "";
    if (play.dataset.label0 !== undefined) play.textContent = play.dataset.label0;
    b.querySelector(".picked").textContent = "";
  }

  function clearAll(except) {
    document.querySelectorAll("#board .move-form").forEach(function (form) { if (form !== except) clear(form); });
  }

  function showBar(form, text, ready, move) {
    var b = bar(form);
    if (!b) return;
    var play = b.querySelector("[data-play]");
    if (play.dataset.label0 === undefined) play.dataset.label0 = play.textContent;
    b.hidden = false;
    b.querySelector(".picked").textContent = text;
    play.disabled = !ready;
    if (move !== undefined) play.value = move;
  }

  function selectOne(form, el) {
    clearAll(form);
    clear(form);
    el.classList.add("selected");
    el.setAttribute("aria-pressed", "true");
    showBar(form, el.getAttribute("data-label") || el.getAttribute("aria-label") || "", true, el.value);
  }

  function pickedCards(form) {
    return Array.prototype.slice.call(form.querySelectorAll("[data-choice].selected"))
      .sort(function (a, b) { return parseInt(a.dataset.order, 10) - parseInt(b.dataset.order, 10); });
  }

  function toggleSeveral(form, el) {
    clearAll(form);
    var picked = pickedCards(form);
    var most = Math.max.apply(null, sizes(form));
    if (el.classList.contains("selected")) {
      el.classList.remove("selected");
      el.removeAttribute("aria-pressed");
      el.removeAttribute("data-order");
    } else if (picked.length < most) {
      el.classList.add("selected");
      el.setAttribute("aria-pressed", "true");
      el.dataset.order = String(picked.length ? parseInt(picked[picked.length - 1].dataset.order, 10) + 1 : 1);
    }
    picked = pickedCards(form);
    picked.forEach(function (card, i) { card.dataset.order = String(i + 1); });
    form.querySelectorAll("input[data-picked]").forEach(function (input) { input.remove(); });
    picked.forEach(function (card, i) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "move.cards." + (i + 1);
      input.value = card.getAttribute("data-card");
      input.setAttribute("data-picked", "");
      form.appendChild(input);
    });
    var ready = sizes(form).indexOf(picked.length) >= 0;
    var names = picked.map(function (card) { return card.getAttribute("aria-label"); }).join(", ");
    var text = picked.length + " / " + most + (names ? ": " + names : "");
    if (!picked.length) { clear(form); return; }
    showBar(form, text, ready, JSON.stringify({ type: form.getAttribute("data-pick") }));
    if (ready && !confirming()) send(form, bar(form).querySelector("[data-play]"));
  }

  function send(form, submitter) {
    if (form.dataset.sending) return;
    form.dataset.sending = "1";
    if (form.requestSubmit) form.requestSubmit(submitter); else submitter.click();
  }

  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target || !board()) return;
    var choice = target.closest("#board [data-choice]");
    var refused = target.closest("#board .card.illegal");
    var clearer = target.closest("#board [data-clear]");
    var play = target.closest("#board [data-play]");
    if (refused) { explain(refused); event.preventDefault(); return; }
    if (clearer) { clear(clearer.closest("form")); return; }
    if (play) {
      var playForm = play.closest("form");
      if (play.disabled) { event.preventDefault(); return; }
      if (playForm.dataset.sending) { event.preventDefault(); }
      else { playForm.dataset.sending = "1"; }
      return;
    }
    if (!choice) {
      // a click elsewhere on the page clears a selection, but not a click inside the action bar's own controls
      if (!target.closest("#board .move-form")) clearAll(null);
      return;
    }
    var form = choice.closest("form");
    if (choice.disabled) return;
    if (several(form) && form.contains(choice) && choice.classList.contains("card")) {
      event.preventDefault();
      toggleSeveral(form, choice);
      return;
    }
    if (!confirming() || choice.classList.contains("selected")) {
      if (choice.type !== "submit") { event.preventDefault(); return; }
      if (form.dataset.sending) { event.preventDefault(); return; }
      form.dataset.sending = "1";
      return; // the browser submits with this button, htmx sends it
    }
    event.preventDefault();
    selectOne(form, choice);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { clearAll(null); hideReason(); return; }
    var card = event.target instanceof Element ? event.target.closest("#board .fan .card") : null;
    if (!card) return;
    var keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -100, End: 100 };
    if (!(event.key in keys)) return;
    event.preventDefault();
    var cards = Array.prototype.slice.call(card.parentNode.querySelectorAll(".card[tabindex]"));
    var at = cards.indexOf(card) + keys[event.key];
    at = Math.max(0, Math.min(cards.length - 1, at));
    focusCard(cards, at);
  });

  function focusCard(cards, at) {
    cards.forEach(function (c, i) { c.setAttribute("tabindex", i === at ? "0" : "-1"); });
    cards[at].focus();
    if (cards[at].classList.contains("illegal")) explain(cards[at]); else hideReason();
  }

  // --- why a card is refused ---------------------------------------------------------------------------------------

  function explain(card) {
    var reason = document.getElementById("card-reason");
    if (!reason) return;
    reason.textContent = card.getAttribute("data-reason") || "";
    reason.hidden = !reason.textContent;
  }
  function hideReason() {
    var reason = document.getElementById("card-reason");
    if (reason) { reason.hidden = true; reason.textContent = ""; }
  }
  document.addEventListener("mouseover", function (event) {
    var card = event.target instanceof Element ? event.target.closest("#board .card.illegal") : null;
    if (card) explain(card);
  });
  document.addEventListener("focusin", function (event) {
    var card = event.target instanceof Element ? event.target.closest("#board .card.illegal") : null;
    if (card) explain(card);
  });

  // --- bets ----------------------------------------------------------------------------------------------------------

  function setAmount(form, value) {
    var number = form.querySelector("[data-amount]");
    var slider = form.querySelector("[data-amount-slider]");
    var low = parseInt(number.min, 10), high = parseInt(number.max, 10);
    var n = Math.max(low, Math.min(high, parseInt(value, 10) || low));
    number.value = String(n);
    if (slider) slider.value = String(n);
    var echo = form.querySelector("[data-amount-echo]");
    if (echo) echo.textContent = String(n);
    form.querySelectorAll("[data-preset]").forEach(function (preset) {
      preset.setAttribute("aria-pressed", preset.getAttribute("data-preset") === String(n) ? "true" : "false");
    });
  }
  document.addEventListener("input", function (event) {
    var el = event.target instanceof Element ? event.target : null;
    if (!el) return;
    var form = el.closest("#board .amount-move");
    if (!form) return;
    if (el.matches("[data-amount-slider]")) setAmount(form, el.value);
    else if (el.matches("[data-amount]")) {
      var slider = form.querySelector("[data-amount-slider]");
      if (slider) slider.value = el.value;
      var echo = form.querySelector("[data-amount-echo]");
      if (echo) echo.textContent = el.value;
    }
  });
  document.addEventListener("click", function (event) {
    var preset = event.target instanceof Element ? event.target.closest("#board [data-preset]") : null;
    if (preset) setAmount(preset.closest("form"), preset.getAttribute("data-preset"));
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form instanceof HTMLFormElement && form.classList.contains("amount-move")) {
      if (form.dataset.sending) { event.preventDefault(); return; }
      form.dataset.sending = "1";
    }
  }, true);

  // --- after each rendering of the board -----------------------------------------------------------------------------

  function announce() {
    var b = board(), announcer = document.getElementById("turn-announcer");
    if (!b || !announcer) return;
    var text = b.getAttribute("data-turn") || "";
    if (announcer.dataset.said !== text) {
      announcer.dataset.said = text;
      announcer.textContent = text;
    }
  }

  function prepare() {
    var b = board();
    if (!b) return;
    b.classList.add("scripted");
    b.querySelectorAll(".fan").forEach(function (fan) {
      var cards = fan.querySelectorAll(".card");
      var first = fan.querySelector(".card.legal") || cards[0];
      cards.forEach(function (card) {
        if (card.tagName === "SPAN") return;
        card.setAttribute("tabindex", card === first ? "0" : "-1");
      });
    });
    b.querySelectorAll("[data-amount-slider]").forEach(function (slider) { slider.hidden = false; });
    b.querySelectorAll(".amount-move").forEach(function (form) {
      setAmount(form, form.querySelector("[data-amount]").value);
    });
    b.querySelectorAll("details[data-remember]").forEach(function (details) {
      var key = "closed:" + details.getAttribute("data-remember");
      try { if (sessionStorage.getItem(key)) details.open = false; } catch (e) { /* storage off: stays open */ }
      details.addEventListener("toggle", function () {
        try { if (!details.open) sessionStorage.setItem(key, "1"); } catch (e) { /* storage off */ }
      });
    });
    announce();
  }

  document.addEventListener("DOMContentLoaded", prepare);
  document.addEventListener("htmx:afterSettle", prepare);
  // a refused move leaves the board as it was: the forms may be sent again
  document.addEventListener("htmx:afterRequest", function () {
    document.querySelectorAll("#board .move-form[data-sending]").forEach(function (form) {
      delete form.dataset.sending;
    });
  });
})();
