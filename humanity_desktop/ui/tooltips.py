"""What a tooltip says about each thing on the table: cost, work, production, stock,
effects and scoring, in plain words; a ring tile's tooltip also shows it large."""
from __future__ import annotations

import pygame

from ..table.describe import (
    EFFECT_TEXT,
    LEDGER_LABELS,
    cost_text,
    experiment_title,
    mission_text,
    mission_title,
    produces_text,
    research_marks_text,
    tile_kind,
    tile_name,
)
from ..engine import State
from ..engine.catalogue import ANY, load
from ..engine.grid import MAX_GREENHOUSES
from ..engine.ring import HANGARS, WHITE_CROSSES, bay_slot, surely_overtaken
from ..engine.rules import MAX_WORK, OBSTACLE_RESEARCH
from ..engine.scoring import MISSION_VP
from ..engine.state import ACTIVE, BOARD, EXHAUSTED
from ..language import N_, _, ngettext
from ..table import targets as T
from . import tile_art

Tip = tuple[str, list[str]]
# A bonus for the modules beside a tile: of any colour, or of one.
ADJACENT_ANY = N_("+{points} research for each module of any colour beside it (not obstacles), "
                  "now and whenever one is added later.")
ADJACENT_COLOUR = N_("+{points} research for each {colour} module beside it (not obstacles), "
                     "now and whenever one is added later.")


def tile_lines(tid: str, stock: int | None = None, wild_shape: str | None = None) -> Tip:
    spec = load().tiles[tid]
    if spec.kind == "obstacle":
        return (_("Obstacle"), [
            _("Resistance {left} of {most}: each activation costs {work} work and knocks off 1.").format(
                left=spec.max_stock if stock is None else stock, most=spec.max_stock, work=spec.work),
            _("Gone at 0: +{research} research, and the cell is free to build on.").format(research=OBSTACLE_RESEARCH),
        ])
    undecided = spec.kind == "communication" and spec.colour is None  # its colour is picked on deploying
    kind = tile_kind(spec, wild_shape)
    named = undecided or spec.colour in kind  # the label may already say the colour
    # Translators: a tile's kind and colour, as "ice production, green".
    lines = [kind.capitalize() if named else _("{kind}, {colour}").format(kind=kind.capitalize(), colour=spec.colour)]
    if spec.cost:
        lines.append(_("Cost to deploy: {cost}.").format(cost=cost_text(spec.cost)))
    if spec.kind == "production":
        lines += _production_lines(spec, stock)
    if spec.research:
        lines.append(_("+{research} research when deployed.").format(research=spec.research))
    for colour, pts in spec.adjacency:
        lines.append(_(ADJACENT_ANY if colour == ANY else ADJACENT_COLOUR).format(points=pts, colour=colour))
    if undecided:
        lines.append(_("You pick orange or blue as you deploy it: your base gets a plain tile of that colour "
                       "worth +{research} research, counted as that colour from then on.").format(research=spec.research))
    if spec.kind == "greenhouse":
        lines.append(_("Scores 1 VP alone, 2 beside another greenhouse, 3 when it completes a group of "
                       "{most}.").format(most=MAX_GREENHOUSES))
        lines.append(_("Connected greenhouses: at most {most}, all of different shapes.").format(most=MAX_GREENHOUSES))
    if spec.vp:
        lines.append(_("+{vp} VP when deployed.").format(vp=spec.vp))
    if spec.kind == "drone":
        lines.append(_("Cannot be activated; counts as its colour for squares and missions."))
    return (tile_name(tid), lines)


def _production_lines(spec, stock: int | None) -> list[str]:
    if spec.time:
        return [_("Activate for {work} work, as often as your work allows: each time, your astronauts "
                  "beside the board move 1 spot toward the arm.").format(work=spec.work)]
    lines = [_("Activate for {work} work: makes 1 {unit}. Holds up to {most}; "
               "a full one cannot be activated.").format(work=spec.work, unit=produces_text(spec), most=spec.max_stock)]
    if stock is None:
        lines.append(_("Arrives in your base holding {stock}.").format(stock=load().stock_on_arrival))
    else:
        lines.append(_("In stock: {stock} of {most}.").format(stock=stock, most=spec.max_stock))
    if len(spec.produces) > 1:
        lines.append(_("Each unit is either kind: you choose when you spend it."))
    return lines


def experiment_lines(eid: str) -> Tip:
    spec = load().experiments[eid]
    lines = [_("Cost: {cost}.").format(cost=cost_text(spec.cost)),
             _("+{research} research.").format(research=spec.research)]
    if spec.vp:
        lines.append(_("+{vp} VP.").format(vp=spec.vp))
    if spec.effect:
        lines.append(_(EFFECT_TEXT[spec.effect]) + ".")
    lines.append(_("Groups of one left, one centre and one right experiment score 0, then 1, then 2 VP."))
    return (experiment_title(spec), lines)


def _astronaut_lines(s: State, seat: int, i: int, names) -> Tip:
    work, where, pos = s.players[seat].astros[i]
    title = _("{name}'s astronaut, work {work}").format(name=names[seat], work=work)
    if where == ACTIVE:
        text = _("In the base, ready: it can act this round.")
    elif where == EXHAUSTED:
        text = _("In the base, resting: active again at the next round.")
    elif where == BOARD:
        gap = s.distance(pos)
        text = (ngettext("Beside the board, {n} spot past the arm: it comes home when the arm passes it, "
                         "at the next reset for sure.",
                         "Beside the board, {n} spots past the arm: it comes home when the arm passes it, "
                         "at the next reset for sure.", gap)
                if surely_overtaken(s.arm, pos) else
                ngettext("Beside the board, {n} spot past the arm: it comes home when the arm passes it.",
                         "Beside the board, {n} spots past the arm: it comes home when the arm passes it.", gap)
                ).format(n=gap)
    else:
        text = _("Coming home: place it on a free cell next to a module.")
    return (title, [text, _("Work value: the work points it spends when working (at most {most}).").format(most=MAX_WORK)])


def _research_lines(players: int) -> list[str]:
    cat = load()
    behind = cat.tokens_per_player_behind[players]
    return [ngettext("At each year's end: 1 science token per mark reached ({marks}), "
                     "plus {n} token for each player with less research than you.",
                     "At each year's end: 1 science token per mark reached ({marks}), "
                     "plus {n} tokens for each player with less research than you.", behind
                     ).format(marks=research_marks_text(), n=behind),
            _("Research stops at {most}; every marker then goes back to 0 for the next year.").format(most=cat.research_cap)]


def magnified(target: T.Target, s: State, size: int) -> pygame.Surface | None:
    """A ring tile drawn `size` pixels wide, for its tooltip: its cost icons are small on the board."""
    if target.kind == T.HANGAR:
        return tile_art.module_tile(s.hangars[target.ref - 1], size)
    if target.kind == T.EXPERIMENT:
        return tile_art.experiment_tile(s.wheel[target.ref], size)
    return None


def describe_target(target: T.Target, s: State, names, science_visible) -> Tip | None:
    """The tooltip for a target, or None if it has nothing to say."""
    cat = load()
    kind = target.kind
    if kind == T.HANGAR:
        tid = s.hangars[target.ref - 1]
        title, lines = tile_lines(tid)
        lines.append(ngettext("Hangar {n}: the astronaut who deploys it stands {n} spot past the arm.",
                              "Hangar {n}: the astronaut who deploys it stands {n} spots past the arm.",
                              target.ref).format(n=target.ref))
        if target.ref in WHITE_CROSSES:
            lines.append(_("White cross: if nobody takes it this round, it leaves the game at the reset."))
        return (title, lines)
    if kind == T.EXPERIMENT:
        title, lines = experiment_lines(s.wheel[target.ref])
        slot = bay_slot(target.ref)
        lines.append(ngettext("The astronaut who carries it out stands {n} spot past the arm, in line with hangar {n}.",
                              "The astronaut who carries it out stands {n} spots past the arm, in line with hangar {n}.",
                              slot).format(n=slot))
        return (title, lines)
    if kind == T.DONE_EXPERIMENT:
        return experiment_lines(target.ref)
    if kind == T.CELL:
        base = s.players[target.seat].base
        if target.ref in base:
            tid, stock = base[target.ref]
            return tile_lines(tid, stock, s.players[target.seat].wild.get(target.ref))
        return (_("Free cell"), [_("An astronaut may stand here if a module (not an obstacle) is next to it."),
                                 _("Modules are built where the deploying astronaut stood.")])
    if kind in (T.ASTRO, T.RING_ASTRO, T.RETURNING_ASTRONAUT):
        return _astronaut_lines(s, target.seat, target.ref, names)
    if kind == T.SEAT:
        p = s.players[target.seat]
        # Translators: a source of points and the points it gave, listed after the score ("Squares 3").
        sources = ", ".join(_("{source} {points}").format(source=_(LEDGER_LABELS[k]), points=v)
                            for k, v in p.ledger.items() if v)
        lines = [_("{vp} VP: {sources}").format(vp=p.score, sources=sources)
                 if p.score or any(p.ledger.values()) else _("No points yet."),
                 _("Research {research} this year.").format(research=p.research),
                 _("Experiments: {count}.").format(count=len(p.experiments)),
                 # Translators: +N, z and ⌂ are the marks drawn beside an astronaut; keep them as they are.
                 _("Beside each astronaut: +N, it waits beside the board, N spots past the arm; z, it rests, "
                   "having acted this round; ⌂, it is coming back to the base.")]
        return (names[target.seat], lines)
    if kind == T.SCIENCE:
        p = s.players[target.seat]
        count = (ngettext("{n} science token.", "{n} science tokens.", p.science).format(n=p.science)
                 if science_visible[target.seat] else _("Hidden behind the player's screen."))
        return (_(LEDGER_LABELS["science"]), [count, _("Each is worth 1 VP at the end of the game."),
                                              _("Earned from the research track at each year's end and from missions.")])
    if kind == T.MISSION:
        mid = s.missions[target.ref]
        spec = cat.missions[mid]
        holder = s.holders[target.ref]
        lines = [mission_text(spec), _("The first to do it takes the science token and {vp} VP.").format(vp=MISSION_VP),
                 _("Doing strictly better later takes the tile and its {vp} VP from the holder.").format(vp=MISSION_VP)]
        lines.append(_("Held by {name}.").format(name=names[holder]) if holder is not None
                     else _("Not done yet: the science token is still on it."))
        return (mission_title(spec), lines)
    if kind == T.SCORE_TRACK:
        return (_("Score track"), [_standings(names, s.scores),
                                   _("The most VP at the end of year 3 wins; ties go to electricity, then advanced, "
                                     "then basic resources left.")])
    if kind == T.RESEARCH_TRACK:
        return (_("Research track"), [_standings(names, [p.research for p in s.players]),
                                      *_research_lines(len(s.players))])
    if kind == T.ARM:
        return (_("Articulated arm"), [
            _("It stands on the one spot without a hangar; the {hangars} hangars follow it clockwise, "
              "the first two under the white crosses. The experiment wheel turns with it.").format(hangars=HANGARS),
            _("At the reset it moves {hangars} spots minus the modules left, or a full turn when none is left; "
              "every astronaut it passes goes home. While you point at it, the board shows what the reset "
              "would do if the round ended now.").format(hangars=HANGARS)])
    if kind == T.HUB:
        left = len(s.decks[s.year - 1])
        return (_("Year {year}  ·  Round {round}").format(year=s.year, round=s.round),  # as the header says it
                [ngettext("{n} module left in this year's deck.", "{n} modules left in this year's deck.", left).format(n=left),
                 _("When the deck cannot fill the hangars, the year ends and the experiments change.")])
    return None


def _standings(names, values) -> str:
    """Each seat's name and its figure on a track, in seat order."""
    # Translators: a seat on a track and its figure, as "Ada 12".
    return ", ".join(_("{name} {value}").format(name=names[i], value=v) for i, v in enumerate(values))
