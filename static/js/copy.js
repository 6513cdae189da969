// A hash or a seed shortened on the page (.hash, static/css/cardleague.css): its button copies the whole value and
// says so. Without script the button stays hidden and the value can be selected as it is.
(function () {
  "use strict";
  function ready() {
    document.querySelectorAll(".hash [data-copy]").forEach(function (button) {
      var code = button.parentNode.querySelector("code");
      if (!code || !navigator.clipboard) return;
      code.title = code.textContent;
      button.hidden = false;
      var label = button.textContent;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(code.textContent).then(function () {
          button.textContent = "✓ " + label;
          setTimeout(function () { button.textContent = label; }, 1500);
        });
      });
    });
  }
  document.addEventListener("DOMContentLoaded", ready);
})();
