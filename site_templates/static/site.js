// Progressive enhancement only: the site works without it.
// A search box above the player list filters its rows by name.
(function () {
  "use strict";
  document.querySelectorAll("[data-filter]").forEach(function (input) {
    var table = document.getElementById(input.getAttribute("data-filter"));
    if (!table) { return; }
    input.closest(".filter").hidden = false;
    input.addEventListener("input", function () {
      var needle = input.value.trim().toLowerCase();
      table.querySelectorAll("tbody tr").forEach(function (row) {
        row.hidden = needle !== "" && row.textContent.toLowerCase().indexOf(needle) < 0;
      });
    });
  });
})();
