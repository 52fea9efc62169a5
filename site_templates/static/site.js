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
// A game page (round-NN-game-BB.html): step through the positions the page lists in
// the board's data-positions (the FEN piece placement before the first move and after
// each one, worked out by the site builder): the buttons, the arrow keys, or a move.
(function () {
  "use strict";
  var board = document.querySelector("table.board[data-positions]");
  if (!board) { return; }
  var positions = JSON.parse(board.getAttribute("data-positions"));
  var GLYPH = { k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };
  var cells = board.querySelectorAll("td");
  var moves = document.querySelectorAll("a.move[data-ply]");
  var ply = positions.length - 1;
  function show(next) {
    ply = Math.max(0, Math.min(positions.length - 1, next));
    var squares = [];
    positions[ply].split("/").forEach(function (row) {
      row.split("").forEach(function (c) {
        if (c >= "1" && c <= "8") {
          for (var i = 0; i < +c; i++) { squares.push(""); }
        } else { squares.push(c); }
      });
    });
    cells.forEach(function (td, i) {
      var piece = squares[i];
      td.textContent = piece ? GLYPH[piece.toLowerCase()] : "";
      td.classList.toggle("white", !!piece && piece === piece.toUpperCase());
      td.classList.toggle("black", !!piece && piece !== piece.toUpperCase());
    });
    moves.forEach(function (a) { a.classList.toggle("current", +a.getAttribute("data-ply") === ply); });
  }
  var steps = { first: function () { return 0; }, back: function () { return ply - 1; },
    next: function () { return ply + 1; }, last: function () { return positions.length - 1; } };
  var bar = document.querySelector(".replay");
  bar.hidden = false;
  bar.querySelectorAll("button[data-step]").forEach(function (button) {
    button.addEventListener("click", function () { show(steps[button.getAttribute("data-step")]()); });
  });
  moves.forEach(function (a) {
    a.addEventListener("click", function (event) {
      event.preventDefault();
      show(+a.getAttribute("data-ply"));
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowLeft") { show(ply - 1); }
    if (event.key === "ArrowRight") { show(ply + 1); }
  });
  show(ply);
})();
