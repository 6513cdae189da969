// The settings page's Web Push switch for this browser: registers the service worker (/sw.js), asks the browser for
// a push subscription with the site's VAPID key, and hands it to the server (or takes it back). Which events push
// and the quiet hours are ordinary fields of the settings form.
(function () {
  "use strict";
  function bytes(base64url) {
    var text = atob((base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(text, function (c) { return c.charCodeAt(0); });
  }
  function csrf() {
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }
  function send(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
    }).then(function (answer) { if (!answer.ok) throw new Error(String(answer.status)); return answer; });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector(".push-browser");
    if (!box) return;
    var state = box.querySelector(".push-state"), on = box.querySelector("#push-on"), off = box.querySelector("#push-off");
    function say(name) {
      state.textContent = state.getAttribute("data-state-" + name);
      on.hidden = name !== "off" && name !== "failed";
      off.hidden = name !== "on";
    }
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) { say("unsupported"); return; }
    if (Notification.permission === "denied") { say("denied"); return; }
    var registration = navigator.serviceWorker.register("/sw.js", { scope: "/" });
    registration.then(function (reg) { return reg.pushManager.getSubscription(); })
      .then(function (subscription) { say(subscription ? "on" : "off"); })
      .catch(function () { say("unsupported"); });
    on.addEventListener("click", function () {
      Notification.requestPermission().then(function (permission) {
        if (permission !== "granted") { say(permission === "denied" ? "denied" : "off"); return null; }
        return registration.then(function (reg) {
          return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(box.getAttribute("data-push-key")) });
        }).then(function (subscription) {
          return send(box.getAttribute("data-subscribe-url"), subscription.toJSON());
        }).then(function () { say("on"); });
      }).catch(function () { say("failed"); });
    });
    off.addEventListener("click", function () {
      registration.then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (subscription) {
        if (!subscription) return null;
        return send(box.getAttribute("data-unsubscribe-url"), { endpoint: subscription.endpoint })
          .then(function () { return subscription.unsubscribe(); });
      }).then(function () { say("off"); }).catch(function () { say("failed"); });
    });
  });
})();
