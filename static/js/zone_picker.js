// The time-zone picker's search: typing in the box above the <select data-zone-picker> keeps only the zones whose
// name (a city or country in the reader's language, the IANA name, the UTC offset) holds every word typed, and picks
// the first of them when the one picked is filtered out. Without script the grouped <select> works alone.
(function () {
  "use strict";
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/_/g, " ");
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[data-zone-search-for]").forEach(function (box) {
      var select = document.getElementById(box.getAttribute("data-zone-search-for"));
      if (!select) return;
      box.hidden = false;
      var options = Array.from(select.options).map(function (option) {
        return { option: option, text: fold(option.text + " " + option.value) };
      });
      box.addEventListener("input", function () {
        var words = fold(box.value).split(/\s+/).filter(Boolean);
        var first = null;
        options.forEach(function (entry) {
          var shown = words.every(function (word) { return entry.text.indexOf(word) !== -1; });
          entry.option.hidden = !shown;
          if (shown && !first) first = entry.option;
        });
        Array.from(select.querySelectorAll("optgroup")).forEach(function (group) {
          group.hidden = !Array.from(group.children).some(function (option) { return !option.hidden; });
        });
        if (first && select.selectedOptions[0] && select.selectedOptions[0].hidden) first.selected = true;
      });
    });
  });
})();
