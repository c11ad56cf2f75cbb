"""One menu component for every list the player picks from: inventory, drop, main menu,
level-up, options.

The tutorial gives each menu its own ad-hoc drawing and letter handling, and its mouse
support only works when the box happens to be where the code guessed. Here the layout is
computed in one place (``Menu.layout``) and both drawing and mouse hit-testing use it, so
what the mouse points at is always what is drawn there, whatever the console size.

A menu is a component, not a screen: it never decides what a choice means. ``handle``
turns one input into a ``MenuResult`` (an option was chosen, the menu was cancelled, or it
is still open) and the owning screen acts on it.

Keys: letters choose the option shown beside them ((a) is the first row on screen, or
the option's own letter: an item keeps its letter however the list scrolls);
arrows / numpad / j k move the highlight, PgUp PgDn by a page, Home End to the ends;
Enter chooses the highlighted option (a menu made with ``preselect=False`` has none until
the player moves to one: Enter alone chooses nothing there); Esc cancels. The mouse
highlights what it hovers, a left click chooses, a right click cancels, the wheel
scrolls. Because j and k are also option letters, they move the highlight only when no
option on screen is labelled with them: a letter beside an option always means that
option. In a menu whose options carry their own letters (an item's), a letter is never
a move: one that no option has chooses nothing and is said in the bottom border
(``missing``), as hand play pressed ``j`` in the throw menu with no item (j), the
highlight moved down, and Enter threw a scroll.
"""

from __future__ import annotations

import re
import string
import textwrap
from collections.abc import Sequence

import msgspec
import tcod.console

from emberdeep.ui import palette, render
from emberdeep.ui.fitting import fit
from emberdeep.ui.input import Click, InputEvent, KeyPress, MouseMove, Wheel
from emberdeep.ui.palette import Color
from emberdeep.ui.render import Region

LETTERS = "abcdefghijklmnopqrstuvwxyz"
PAGE = len(LETTERS)
"""At most this many options are shown at once, so every one shown has a letter."""
PREFIX_WIDTH = len("(a) ")
PAD_X = 1
"""Blank columns between the frame and the text."""
PAD_Y = 1
"""Blank rows between the frame and the text, when the console has room for them."""
MAX_HEADER_WIDTH = 50
"""A long header wraps at this width rather than stretching the box across the screen."""
WHEEL_LINES = 3
EMPTY = "(empty)"

HEADER_FG: Color = (200, 200, 200)
DETAIL_FG: Color = (140, 140, 140)
DISABLED_FG: Color = (100, 100, 100)
HIGHLIGHT_BG: Color = (80, 64, 24)
HIGHLIGHT_FG: Color = (255, 255, 255)

UP = frozenset({"up", "kp_8"})
DOWN = frozenset({"down", "kp_2"})
PAGE_UP = frozenset({"pageup", "kp_9"})
PAGE_DOWN = frozenset({"pagedown", "kp_3"})
FIRST = frozenset({"home", "kp_7"})
LAST = frozenset({"end", "kp_1"})
CHOOSE = frozenset({"enter"})
CANCEL = frozenset({"escape"})
VI_MOVES = {"k": -1, "j": 1}
OWN_LETTERS = frozenset(string.ascii_letters)
"""The keys that, in a menu of options with their own letters, only ever name one."""
NOTICE_FG: Color = (230, 170, 90)


class Option(msgspec.Struct, frozen=True):
    """One line of a menu. ``detail`` is shown dimmed at the right (a count, a cost, or
    why a disabled option cannot be chosen)."""

    label: str
    detail: str = ""
    disabled: bool = False
    key: str = ""
    """The option's own letter (an item's, which stays with it while the list scrolls
    and from turn to turn); "" gives it the letter of its row on screen."""


class Chosen(msgspec.Struct, frozen=True):
    """The player chose an option."""

    index: int
    """Index into the options the menu was built with."""


class Cancelled(msgspec.Struct, frozen=True):
    """The player closed the menu without choosing."""


class StillOpen(msgspec.Struct, frozen=True):
    """The menu took the input and stays open."""


MenuResult = Chosen | Cancelled | StillOpen
CANCELLED = Cancelled()
STILL_OPEN = StillOpen()


class MenuLayout(msgspec.Struct, frozen=True):
    """Where everything of a menu goes on the console, in cells."""

    box: Region
    """The frame, borders included."""
    header: tuple[str, ...]
    """Header lines as wrapped (and cut) to fit."""
    header_y: int
    """Console row of the first header line."""
    first_row: int
    """Console row of the first option shown."""
    rows: int
    """Option rows shown at once: the page size (0 when the console is too small)."""
    text_x: int
    """Console column where option text starts."""
    text_width: int


CLAUSE_END = re.compile(r"[.;:,](?=\s|$)")


def leading_clauses(detail: str, width: int) -> str:
    """The rule for an option's detail that does not fit beside its label: its leading
    clauses (up to a ".", ";", ":" or ",") that fit, whole sentences first (a clause
    after a full stop is never left dangling), and nothing when not even the first does.
    The label is never shortened for it, and the whole text is one key away (an item's
    ``?``): a row says "worn; Power +2" rather than "worn; Power +2, quick: att…". A row is
    a fragment, whole or cut, so a whole one drops its closing full stop too (hand play
    read "worn; Defense +1." above "worn; Power +2")."""
    if len(detail) <= width:
        return detail[:-1] if detail.endswith(".") and not detail.endswith("..") else detail
    kept = sentences = ""
    for end in CLAUSE_END.finditer(detail):
        if end.start() > width:
            break
        kept = detail[: end.start()]
        if end.group() != ",":
            sentences = kept
    return sentences or kept  # "Bad: you cannot move for 5 turns", never "... turns. Thrown"


class Menu:
    def __init__(
        self,
        title: str,
        options: Sequence[str | Option],
        *,
        header: str = "",
        empty_text: str = EMPTY,
        bounds: Region | None = None,
        preselect: bool = True,
        footer: str = "",
        missing: str = "",
    ) -> None:
        """``options`` are labels or ``Option``s; ``header`` is text wrapped above them;
        ``bounds`` is where the menu will be drawn (``draw`` updates it), so that mouse
        events before the first draw are placed right. Without ``preselect`` nothing is
        highlighted until the player moves to an option, so Enter alone chooses nothing:
        for a choice that must be deliberate (a level to spend, a throw with nothing made
        for throwing). ``missing`` ("No item ({key}).") is said for a letter that no
        option with its own letter has."""
        self.title = title
        self.options = [o if isinstance(o, Option) else Option(o) for o in options]
        self.header = header
        self.footer = footer
        """Set into the bottom border at the left: what the keys do (the inventory's)."""
        self.missing = missing
        self.notice = ""
        """What the last key was not (``missing``), in the bottom border until the next key."""
        self.empty_text = empty_text
        enabled = [i for i, o in enumerate(self.options) if not o.disabled]
        self.highlight: int | None = (enabled or [0])[0] if self.options and preselect else None
        """Index of the highlighted option; None when there are no options, or none is
        chosen yet (``preselect``)."""
        self.top = 0
        """Index of the first option shown."""
        self.bounds = bounds or Region(0, 0, render.SCREEN_WIDTH, render.SCREEN_HEIGHT)
        """Where the menu was last drawn; ``handle`` lays it out the same way."""
        self.mouse: tuple[int, int] | None = None
        self.resting: int | None = None
        """The option the pointer rested on when it was first reported (``pointed``)."""

    # -- layout --------------------------------------------------------------------------

    def layout(self, bounds: Region | None = None) -> MenuLayout:
        """The menu centred in ``bounds`` (default: where it was last drawn), sized to its
        content and never larger than ``bounds``."""
        b = bounds or self.bounds
        inner_h = max(0, b.height - 2)
        max_text = max(0, b.width - 2 - 2 * PAD_X)
        wanted = [self._option_width(o) for o in self.options] or [len(self.empty_text)]
        text_width = max(
            *wanted,
            len(self.title) + 6,  # "┤ title ├" with a rule on both sides
            min(len(self.header), MAX_HEADER_WIDTH),
        )
        rows = min(max(1, len(self.options)), PAGE, inner_h)
        footing = len(self.footer) + 4 if self.footer else 0  # "┤ footer ├"
        if len(self.options) > rows:
            footing += len(self.position_text(len(self.options), rows)) + 2
        text_width = max(text_width, footing)
        text_width = min(text_width, max_text)
        header: list[str] = []
        if self.header and text_width > 0:
            header = [*textwrap.wrap(self.header, text_width), ""]
        if header and rows > 1 and len(header) + rows > inner_h:
            rows = max(1, inner_h - len(header))  # a header costs option rows, not all
        header = header[: max(0, inner_h - rows)]
        pad_y = PAD_Y if len(header) + rows + 2 * PAD_Y <= inner_h else 0
        width = min(text_width + 2 + 2 * PAD_X, b.width)
        height = min(len(header) + max(rows, 1) + 2 + 2 * pad_y, b.height)
        x = b.x + (b.width - width) // 2
        y = b.y + (b.height - height) // 2
        return MenuLayout(
            box=Region(x, y, width, height),
            header=tuple(header),
            header_y=y + 1 + pad_y,
            first_row=y + 1 + pad_y + len(header),
            rows=rows,
            text_x=x + 1 + PAD_X,
            text_width=text_width,
        )

    @staticmethod
    def _option_width(option: Option) -> int:
        detail = len(option.detail) + 2 if option.detail else 0
        return PREFIX_WIDTH + len(option.label) + detail

    @staticmethod
    def position_text(total: int, rows: int, top: int = 0) -> str:
        return f"┤ {top + 1}-{min(top + rows, total)} of {total} ├"

    def shown(self, lay: MenuLayout | None = None) -> range:
        """Indices of the options on screen, top to bottom."""
        lay = lay or self.layout()
        return range(self.top, min(self.top + lay.rows, len(self.options)))

    def row_of(self, index: int) -> int | None:
        """Console row of option ``index``, or None while it is scrolled out of view."""
        lay = self.layout()
        return lay.first_row + index - self.top if index in self.shown(lay) else None

    def option_at(self, x: int, y: int) -> int | None:
        """The option drawn at console cell (x, y), if any (the whole row inside the frame)."""
        lay = self.layout()
        box = lay.box
        if not box.x < x < box.x + box.width - 1:
            return None
        index = self.top + y - lay.first_row
        return index if y >= lay.first_row and index in self.shown(lay) else None

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: InputEvent) -> MenuResult:
        match event:
            case KeyPress(key):
                return self.handle_key(key)
            case MouseMove(x, y):
                self.pointed(x, y)
            case Click(x, y, button=1):
                self.hover(x, y)
                index = self.option_at(x, y)
                if index is not None:
                    return self.choose(index)
            case Click(button=3):
                return CANCELLED
            case Wheel(dy):
                self.scroll(-dy * WHEEL_LINES)
        return STILL_OPEN

    def keyed(self, key: str) -> int | None:
        """The option whose own letter is ``key`` (shown or scrolled away), if any."""
        return next((i for i, o in enumerate(self.options) if o.key and o.key == key), None)

    def letter(self, row: int, index: int) -> str:
        """The letter drawn beside option ``index`` on screen row ``row``."""
        return self.options[index].key or LETTERS[row]

    def handle_key(self, key: str) -> MenuResult:
        lay = self.layout()
        letter = LETTERS.find(key) if len(key) == 1 else -1
        self.notice = ""
        if key in CANCEL:
            return CANCELLED
        if key in CHOOSE:
            return STILL_OPEN if self.highlight is None else self.choose(self.highlight)
        keyed = any(o.key for o in self.options)
        if keyed and key in OWN_LETTERS:
            owner = self.keyed(key)
            if owner is None:
                self.notice = self.missing.format(key=key)
                return STILL_OPEN
            self.highlight = owner
            self.show_highlight(lay.rows)
            return self.choose(owner)
        if not keyed and letter >= 0 and self.top + letter in self.shown(lay):
            return self.choose(self.top + letter)
        page = max(1, lay.rows)
        if key in UP:
            self.move(-1)
        elif key in DOWN:
            self.move(1)
        elif key in VI_MOVES:
            self.move(VI_MOVES[key])
        elif key in PAGE_UP:
            self.move(-page, scroll=-page)
        elif key in PAGE_DOWN:
            self.move(page, scroll=page)
        elif key in FIRST:
            self.move(-len(self.options))
        elif key in LAST:
            self.move(len(self.options))
        return STILL_OPEN

    def choose(self, index: int) -> MenuResult:
        """Choose option ``index`` (it becomes the highlight); disabled ones stay open."""
        if not 0 <= index < len(self.options):
            return STILL_OPEN
        self.highlight = index
        return STILL_OPEN if self.options[index].disabled else Chosen(index)

    def pointed(self, x: int, y: int) -> None:
        """The pointer reported at (x, y). Its first report since the menu opened only
        says where it rests, and it highlights nothing until it leaves the option it
        rested on: a pointer left over the last level-up's stat, or over where the title's
        Quit is drawn, opened those boxes with that option lit."""
        if self.mouse is None:
            self.mouse, self.resting = (x, y), self.option_at(x, y)
        elif self.resting is not None and self.option_at(x, y) == self.resting:
            self.mouse = (x, y)
        else:
            self.resting = None
            self.hover(x, y)

    def hover(self, x: int, y: int) -> None:
        self.mouse = (x, y)
        index = self.option_at(x, y)
        if index is not None:
            self.highlight = index

    def move(self, steps: int, scroll: int = 0) -> None:
        """Move the highlight ``steps`` options, first scrolling the view by ``scroll``
        rows, and keep the highlight in view. One step wraps round, in every menu and
        both ways (up from the first option is the last, down from the last the first:
        hand play pressed Up on the pack's first item and nothing moved); a page, Home
        and End stop at the ends."""
        count = len(self.options)
        if not count:
            return
        self.top += scroll
        # From no highlight, down starts at the first option and up at the last.
        start = self.highlight if self.highlight is not None else (-1 if steps > 0 else count)
        if abs(steps) == 1 and self.highlight is not None:
            self.highlight = (start + steps) % count
        else:
            self.highlight = min(max(start + steps, 0), count - 1)
        self.show_highlight(self.layout().rows)

    def scroll(self, rows: int) -> None:
        """Scroll the view ``rows`` options down (negative: up). The highlight stays on
        the option under the pointer, or is pulled back into view."""
        lay = self.layout()
        self.top += rows
        self.clamp_top(lay.rows)
        if self.mouse is not None and self.option_at(*self.mouse) is not None:
            self.hover(*self.mouse)
        elif self.highlight is not None and lay.rows > 0:
            self.highlight = min(max(self.highlight, self.top), self.top + lay.rows - 1)

    def show_highlight(self, rows: int) -> None:
        """Scroll just enough for the highlighted option to be on screen."""
        if self.highlight is not None:
            self.top = min(max(self.top, self.highlight - max(rows, 1) + 1), self.highlight)
        self.clamp_top(rows)

    def clamp_top(self, rows: int) -> None:
        self.top = min(max(self.top, 0), max(0, len(self.options) - max(rows, 1)))

    # -- drawing -------------------------------------------------------------------------

    def draw(self, console: tcod.console.Console, bounds: Region | None = None) -> None:
        """Draw centred in ``bounds`` (default: the whole console)."""
        self.bounds = bounds or Region(0, 0, console.width, console.height)
        lay = self.layout()
        self.show_highlight(lay.rows)  # the page may have changed, or the owner set it
        box = lay.box
        if box.width < 3 or box.height < 3:
            return
        console.draw_frame(
            box.x, box.y, box.width, box.height, clear=True, fg=palette.FRAME_FG, bg=palette.BOX_BG,
            decoration="┌─┐│ │└─┘",
        )  # fmt: skip
        if box.width >= 7 and self.title:
            title = f"┤ {fit(self.title, box.width - 6)} ├"
            console.print(
                box.x + (box.width - len(title)) // 2, box.y, title, fg=palette.HEADING_FG
            )
        for row, line in enumerate(lay.header):
            console.print(lay.text_x, lay.header_y + row, fit(line, lay.text_width), fg=HEADER_FG)
        if not self.options:
            text = fit(self.empty_text, lay.text_width)
            console.print(lay.text_x, lay.first_row, text, fg=palette.INFO_FG)
            return
        for row, index in enumerate(self.shown(lay)):
            self.draw_option(console, lay, lay.first_row + row, self.letter(row, index), index)
        self.draw_scroll_marks(console, lay)
        self.draw_footer(console, lay)

    def draw_footer(self, console: tcod.console.Console, lay: MenuLayout) -> None:
        """The footer in the bottom border, left of where the scroll position goes; a
        notice (``missing``) in its place until the next key."""
        box = lay.box
        said = self.notice or self.footer
        if said and box.width >= 7:
            text = f"┤ {fit(said, box.width - 6)} ├"
            fg = NOTICE_FG if self.notice else palette.INFO_FG
            console.print(box.x + 1, box.y + box.height - 1, text, fg=fg)

    def draw_option(
        self, console: tcod.console.Console, lay: MenuLayout, y: int, letter: str, index: int
    ) -> None:
        option = self.options[index]
        lit = index == self.highlight
        if lit:
            console.draw_rect(lay.box.x + 1, y, lay.box.width - 2, 1, ch=ord(" "), bg=HIGHLIGHT_BG)
        width = lay.text_width
        label_width = width - PREFIX_WIDTH
        label = fit(option.label, label_width) if label_width > 0 else ""
        detail = leading_clauses(option.detail, label_width - len(label) - 2)
        prefix = fit(f"({letter}) ", width)
        text_fg = DISABLED_FG if option.disabled else (HIGHLIGHT_FG if lit else palette.TEXT_FG)
        console.print(
            lay.text_x, y, prefix, fg=DISABLED_FG if option.disabled else palette.HEADING_FG
        )
        if label:
            console.print(lay.text_x + PREFIX_WIDTH, y, label, fg=text_fg)
        if detail:
            console.print(lay.text_x + width - len(detail), y, detail, fg=DETAIL_FG)

    def draw_scroll_marks(self, console: tcod.console.Console, lay: MenuLayout) -> None:
        """▲ / ▼ on the right edge when options are hidden above / below, and which are
        shown on the bottom edge."""
        total, box = len(self.options), lay.box
        if total <= lay.rows or lay.rows == 0:
            return
        right = box.x + box.width - 1
        if self.top > 0:
            console.print(right, lay.first_row, "▲", fg=palette.HEADING_FG)
        if self.top + lay.rows < total:
            console.print(right, lay.first_row + lay.rows - 1, "▼", fg=palette.HEADING_FG)
        text = self.position_text(total, lay.rows, self.top)
        if len(text) + 2 <= box.width:
            console.print(right - 1 - len(text), box.y + box.height - 1, text, fg=palette.INFO_FG)
