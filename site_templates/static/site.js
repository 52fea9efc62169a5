// Progressive enhancement only: the site works without it.
// A search box above a table (the player list, a round by name) filters its rows by
// name, ignoring case and accents: "ekstrom" finds "Ekström". A row's data-search
// holds its name folded the same way by the site builder; rows without it are
// matched on their text.
(function () {
  "use strict";
  var PLAIN = { "ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i" };
  function fold(text) {
    return text.toLowerCase().replace(/[øłđßæœı]/g, function (c) { return PLAIN[c]; })
      .normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  }
  document.querySelectorAll("[data-filter]").forEach(function (input) {
    var table = document.getElementById(input.getAttribute("data-filter"));
    if (!table) { return; }
    input.closest(".filter").hidden = false;
    input.addEventListener("input", function () {
      var needle = fold(input.value.trim());
      table.querySelectorAll("tbody tr").forEach(function (row) {
        var hay = row.getAttribute("data-search") || fold(row.textContent);
        row.hidden = needle !== "" && hay.indexOf(needle) < 0;
      });
    });
  });
})();
