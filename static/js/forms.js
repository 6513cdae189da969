// Form behaviours that the pages once wrote as inline handlers, which the Content-Security-Policy forbids
// (script-src 'self': league/security_headers.py):
// - a <select data-autosubmit> sends its form when its value changes (the language switcher; a <noscript> button
//   does it without JavaScript);
// - a submit button with data-confirm="question" sends its form only if the reader confirms the question.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var el = event.target;
    if (el instanceof HTMLSelectElement && el.hasAttribute("data-autosubmit") && el.form) {
      el.form.requestSubmit ? el.form.requestSubmit() : el.form.submit();
    }
  });
  document.addEventListener("click", function (event) {
    // a submit button only: the attribute means nothing on any other element
    var el = event.target instanceof Element ? event.target.closest("button[data-confirm], input[data-confirm]") : null;
    if (el && !window.confirm(el.getAttribute("data-confirm"))) {
      event.preventDefault();
    }
  });
})();
