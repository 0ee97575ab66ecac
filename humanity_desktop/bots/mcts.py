"""Hard and Expert: information-set Monte Carlo tree search over whole-turn plans.

Each iteration samples the hidden cards consistently with the seat's view
(determinize.Sampler), walks a shared tree of plans (one level per decision segment,
any seat's), grows it by one node, plays a few more segments greedily (every seat takes
the first of its ordered plans), and scores that position for every seat. A node's
children are its mover's plans, best first, and are opened gradually (progressive
widening) so the budget goes to the plans that matter. A plan a sample cannot play (it
differs after a reset) is skipped for that sample, as information-set search requires.
The answer is the most visited root plan.

Samples differ only in the order of the face-down decks, which nothing can tell apart
until a reset draws from them; so a position's ranked plans are memoised for the search
under its public key (`public_key`), and the walks that pass through known positions
cost a few rule applications instead of a fresh enumeration of every plan. A look-ahead
that draws no card is played once and its values remembered the same way, and a tree plan
that draws none from a position every sample shares is played once, each sample getting a
copy of where it leads with its own decks (`Node.afters`).

Hard and Expert judge by the hand-written judgement (judge.py,
`judgement`): it ranks the plans, as many as the time allows, before the first twelve are
kept, and values the leaves; the learned evaluation only weighs the rivals' share in the
tree's comparisons. Ordered and judged so, Expert beats the sampling search given
its own time in 77 of 100 games, and Hard the same search on the learned evaluation in 76
of 100 (docs/bots.md, "Why each level is set as it is").
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..engine import State, apply_action
from ..engine.errors import RulesError
from ..engine.segment import Segment
from .base import Budget
from .determinize import Sampler
from .evaluate import DEFAULT, PlanValuer, Weights, seat_value
from .planner import LEVEL_WEIGHTS, PlanBot, SegmentFollower, best_first, ranked_by
from .plans import Plan, greedy_completion, plans
from .judge import Judge, JudgementWeights, Memo
from .judge import RICH

EXPLORE = 2.0  # in victory points: how far a rarely tried plan may trail and still be tried
WIDEN_BASE = 2  # children open at first; one more each time visits pass the next square
MAX_CHILDREN = 12
# Of a timed search's budget, what ranking the root's plans may take at most: in a wide
# late-game position (many usable tiles, work 4) finding and valuing every plan could take
# the whole budget, and the search stops there with the plans it has (planner.ranked_by).
# Rankings below the root are bounded by the budget's deadline itself.
ROOT_SHARE = 0.5


class Node:
    __slots__ = ("mover", "plans", "children", "visits", "totals", "key", "afters")

    def __init__(self, mover: int, ranked: list[Plan], seats: int, key: tuple | None = None) -> None:
        self.mover = mover
        self.plans = ranked  # best-first for the mover, by the static evaluation
        self.children: dict[Plan, Node | None] = {}
        self.visits = 0
        self.totals = [0.0] * seats  # summed leaf values, one per seat
        # Where the node's position is every sample's but for the face-down decks (the root,
        # and what plans that draw no card lead to from there): its public key, and where
        # its plans that draw no card lead, as the first sample to play each found it.
        self.key = key
        self.afters: dict[Plan, State] | None = None if key is None else {}

    def add(self, values: list[float]) -> None:
        self.visits += 1
        for q, v in enumerate(values):
            self.totals[q] += v

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits

    def relative(self, seat: int, weight: float) -> float:
        others = [self.mean(q) for q in range(len(self.totals)) if q != seat]
        return self.mean(seat) - weight * max(others)


class MctsBot(PlanBot):
    def __init__(self, name: str, seed: int, seconds: float, depth: int, rollout: int,
                 weights: Weights = DEFAULT, iterations: int | None = None,
                 judgement: JudgementWeights | None = None, stepwise_above: int | None = None,
                 learned_ties: bool = False) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.depth = depth  # tree levels, in decision segments
        self.rollout = rollout  # segments played greedily below the tree
        self.weights = weights  # ranks the plans and values the leaves when there is no judgement
        self.judgement = judgement  # ranks the plans and values the leaves, when given
        # Below the tree, a segment with more plans than this has its plan chosen step by step
        # (plans.greedy_completion) instead of by ranking every plan: a few valuations per
        # step, not one per plan (None: every segment's plans are ranked).
        self.stepwise_above = stepwise_above
        # Plans the judgement rates equal, where they compete for a place among the children
        # kept, are put in the learned evaluation's order rather than the order listed.
        self.learned_ties = learned_ties
        self.iterations = iterations
        self.follower = SegmentFollower()
        self._memo: dict[tuple, list[Plan]] = {}  # public key -> ranked plans, for one search
        self._rollout_plans: dict[tuple, Plan] = {}  # public key -> stepwise plan, for one search
        self._playouts: dict[tuple, list[float]] = {}  # public key -> a playout's values, for one search
        self._deadline: float | None = None  # the search's budget's, while it runs
        self._judge_memo = Memo()  # shared by the judges of one search

    def default_budget(self) -> Budget:
        return Budget(seconds=self.seconds, iterations=self.iterations)

    def _search(self, view: dict, budget: Budget) -> list[tuple[float, Plan, int]]:
        """Root plans best first as (value for this seat, plan, visits)."""
        me = view["current_player"]
        sampler = Sampler(view)
        first = sampler.draw(self.rng)
        self._memo.clear()
        self._rollout_plans.clear()
        self._playouts.clear()
        self._judge_memo = Memo()
        self._deadline = budget.deadline  # no ranking in the search runs past it
        root_deadline = None
        if budget.deadline is not None:  # the root's plans take at most a share of the time
            now = time.monotonic()
            root_deadline = now + ROOT_SHARE * max(0.0, budget.deadline - now)
        root = self._expand(first, root_deadline, shared=public_key(first))
        done = 0
        started = time.monotonic()
        if len(root.plans) > 1:
            while True:
                budget.check()  # a cancelled search raises rather than answer
                if budget.expired(done) or settled(root, budget, done, started):
                    break
                state = first if done == 0 else sampler.draw(self.rng)
                self._iterate(root, state, depth=0)
                done += 1
        ranked = []
        for plan in root.plans:
            child = root.children.get(plan)
            if child is not None and child.visits:
                ranked.append((child.relative(me, self.weights.opponents), plan, child.visits))
        if not ranked:  # no time to search: fall back on the static order
            return [(0.0, plan, 0) for plan in root.plans]
        ranked.sort(key=lambda t: (-t[2], -t[0]))
        return ranked

    # ------------------------------------------------------------ the search

    def _ranked(self, state: State, deadline: float | None = None, key: tuple | None = None) -> list[Plan]:
        """The mover's plans best-first, worked out once per position in a search, by
        `deadline` or else the budget's (see planner.ranked_by), if the search has one.
        `key`: the position's public_key, when the caller has it already."""
        key = public_key(state) if key is None else key
        ranked = self._memo.get(key)
        if ranked is None:
            deadline = self._deadline if deadline is None else deadline
            ranked = self._keep(key, self._rank(state, deadline))
        return ranked

    def _keep(self, key: tuple, ranked: list[tuple[float, Plan, State]]) -> list[Plan]:
        """The best MAX_CHILDREN of a position's `ranked` plans, remembered for the search."""
        kept = self._memo[key] = [plan for _, plan, _ in ranked[:MAX_CHILDREN]]
        return kept

    def _rank(self, state: State, deadline: float | None) -> list[tuple[float, Plan, State]]:
        """(value, plan, where it leads) best first for the mover."""
        ranked = ranked_by(state, self._mover_value(state), deadline)
        if self.learned_ties and self.judgement is not None and ranked:
            ranked = self._ties_by_learned(state, ranked)
        return ranked

    def _ties_by_learned(self, state: State, ranked: list[tuple[float, Plan, State]]) -> list:
        """`ranked` with the plans valued at least as high as the last child kept put in
        order of value, then of the learned evaluation (ties among them broken by it)."""
        cut = ranked[min(MAX_CHILDREN, len(ranked)) - 1][0]
        contested = [entry for entry in ranked if entry[0] >= cut]  # a prefix: ranked is sorted
        learned = PlanValuer(state.current, self.weights).value
        contested.sort(key=lambda entry: (-entry[0], -learned(entry[2])))
        return contested + ranked[len(contested):]

    def _ranked_if_few(self, state: State, key: tuple) -> list[Plan] | None:
        """The mover's plans best-first, as _ranked, if there are at most stepwise_above of
        them; else None."""
        found = plans(state, limit=self.stepwise_above + 1)
        if len(found) > self.stepwise_above:
            return None
        value = self._mover_value(state)
        return self._keep(key, best_first(found, [value(after) for _, after in found]))

    def _mover_value(self, state: State) -> Callable[[State], float]:
        """How the mover at `state` values where its plan leads: by the judgement if the bot
        has one, else by the learned evaluation."""
        if self.judgement is None:
            return PlanValuer(state.current, self.weights).value
        judge = Judge(state, self.judgement, self._judge_memo)
        me = state.current
        return lambda after: judge.value(after, me)

    def _expand(self, state: State, deadline: float | None = None, shared: tuple | None = None) -> Node:
        """The node of `state`, its plans ranked (`shared`: the position's public key, when
        every sample reaching the node has this position but for its decks)."""
        return Node(state.current, self._ranked(state, deadline, shared), state.n, shared)

    def _iterate(self, node: Node, state: State, depth: int) -> list[float]:
        """One walk from `node` (whose position is `state`): returns the leaf values per seat,
        counted once in `node` and in every node below it on the walk."""
        picked = self._play_best(node, state)
        if picked is None:  # nothing this sample can play from here
            values = self._leaf(state)
        else:
            plan, after = picked
            child = node.children.get(plan)
            at_horizon = after.game_over or depth + 1 >= self.depth
            if child is None or at_horizon:
                if child is None:
                    shared = public_key(after) if node.afters is not None and plan in node.afters else None
                    child = node.children[plan] = (
                        Node(after.current, [], after.n, shared) if at_horizon
                        else self._expand(after, shared=shared)
                    )
                values = self._playout(after, child.key)
                child.add(values)
            else:
                values = self._iterate(child, after, depth + 1)
        node.add(values)
        return values

    def _play_best(self, node: Node, state: State) -> tuple[Plan, State] | None:
        """The opened child UCB1 prefers among those this sample can play, and where it leads."""
        width = min(len(node.plans), WIDEN_BASE + int(math.sqrt(node.visits)))
        log_n = math.log(node.visits + 1)

        def priority(i_plan: tuple[int, Plan]) -> tuple:
            i, plan = i_plan
            child = node.children.get(plan)
            if child is None or not child.visits:
                return (1, -i)  # every opened plan is tried once before any is tried twice
            ucb = child.relative(node.mover, self.weights.opponents) + EXPLORE * math.sqrt(log_n / child.visits)
            return (0, ucb)

        for _, plan in sorted(enumerate(node.plans[:width]), key=priority, reverse=True):
            after = self._play(node, plan, state)
            if after is not None:
                return plan, after
        return None

    def _play(self, node: Node, plan: Plan, state: State) -> State | None:
        """Where `plan` leads from `state`, this sample's position at `node`; None when this
        sample's hidden cards make it impossible. From a position every sample shares, a
        plan that draws no card leads every sample to one position but for the decks: it is
        played once and that position's copies are dealt each sample's decks."""
        known = node.afters.get(plan) if node.afters is not None else None
        if known is not None:
            after = known.fork()
            after.decks = [deck.copy() for deck in state.decks]
            after.exp_decks = [deck.copy() for deck in state.exp_decks]
            return after
        after = state.fork()
        try:
            for action in plan:
                apply_action(after, action)
        except RulesError:
            return None
        if node.afters is not None and dealt(after) == dealt(state):
            node.afters[plan] = after
        return after

    def _leaf(self, state: State) -> list[float]:
        if self.judgement is None:
            return [seat_value(state, q, self.weights) for q in range(state.n)]
        judge = Judge(state, self.judgement, self._judge_memo)
        layouts = None if state.game_over else judge.layouts(state)
        return [judge.seat_value(state, q, layouts) for q in range(state.n)]

    def worth(self, state: State, seat: int) -> float:
        if self.judgement is None:
            return super().worth(state, seat)
        return Judge(state, self.judgement).seat_value(state, seat)

    def _playout(self, state: State, key: tuple | None = None) -> list[float]:
        """Every seat plays its best plan for a few segments; then the position is scored.
        A playout that draws no card is the same in every sample that reaches its start (the
        plans it plays are remembered by public key, and so is everything its values read):
        its values are remembered for the search under the start's public key (`key`, when
        the caller has it)."""
        start = key = public_key(state) if key is None else key
        known = self._playouts.get(start)
        if known is not None:
            return known
        cards = dealt(state)
        for step in range(self.rollout):
            if state.game_over:
                break
            state = self._best_after(state, key if step == 0 else public_key(state))
        values = self._leaf(state)
        if dealt(state) == cards:
            self._playouts[start] = values
        return values

    def _best_after(self, state: State, key: tuple) -> State:
        """Where the mover's rollout plan leads from `state` (which is not changed; `key`:
        its public_key): the best of its ranked plans, or, where stepwise_above leaves them
        unranked, the plan chosen step by step; either worked out once per position in a
        search."""
        ranked = self._memo.get(key)
        if ranked is None and key not in self._rollout_plans:
            ranked = self._ranked(state, key=key) if self.stepwise_above is None else self._ranked_if_few(state, key)
        plan = ranked[0] if ranked else self._rollout_plans.get(key)
        if plan is not None:
            after = state.fork()
            try:
                for action in plan:
                    apply_action(after, action)
                return after
            except RulesError:
                pass  # a draw inside the plan differs in this sample: choose afresh
        if self.stepwise_above is not None:
            plan, after = greedy_completion(state, (), Segment.of(state), self._mover_value(state))
            self._rollout_plans.setdefault(key, plan)
            return after
        return self._rank(state, self._deadline)[0][2]


def settled(root: Node, budget: Budget, done: int, started: float) -> bool:
    """True when the most visited root plan can no longer be overtaken in what is left of
    the budget, so searching on would not change the answer (the early stop)."""
    left = budget.iterations - done if budget.iterations is not None else math.inf
    if budget.deadline is not None and done:
        per_iteration = (time.monotonic() - started) / done
        left = min(left, (budget.deadline - time.monotonic()) / per_iteration)
    if left == math.inf:
        return False
    visits = sorted((c.visits for c in root.children.values() if c is not None), reverse=True)
    if not visits:
        return False
    return visits[0] - (visits[1] if len(visits) > 1 else 0) > left


def dealt(s: State) -> tuple:
    """How many cards each face-down deck holds: a position that draws none keeps it."""
    return tuple(map(len, s.decks)), tuple(map(len, s.exp_decks))


def public_key(s: State) -> tuple:
    """Everything about a position except the order of the face-down decks: positions with
    the same key have the same plans, and the same values, until the next draw."""
    return (
        s.year, s.round, s.arm, tuple(s.hangars), tuple(map(len, s.decks)), tuple(map(len, s.exp_decks)),
        tuple(s.wheel), tuple(s.removed), tuple(s.missions), tuple(s.holders), s.patch,
        s.current, s.phase, s.sel, s.work_left, s.target, tuple(s.need), tuple(s.progress), s.upgrades,
        tuple(s.placing), s.turn,
        tuple((tuple(sorted(p.base.items())), tuple(p.astros), p.research, p.science,
               tuple(p.ledger.values()), tuple(p.experiments), tuple(p.groups),
               tuple(sorted(p.wild.items()))) for p in s.players),
    )


def hard(seed: int = 0, weights: Weights = LEVEL_WEIGHTS, judgement: JudgementWeights | None = RICH,
         stepwise_above: int | None = None, learned_ties: bool = False) -> MctsBot:
    # The hand-written judgement ranks the plans and values the leaves (judgement=None: the
    # learned evaluation does both, as the search once did).
    return MctsBot("hard", seed, seconds=0.8, depth=2, rollout=2, weights=weights, judgement=judgement,
                   stepwise_above=stepwise_above, learned_ties=learned_ties)


def expert(seed: int = 0, weights: Weights = LEVEL_WEIGHTS, judgement: JudgementWeights | None = RICH) -> MctsBot:
    # Expert spends its extra time looking further ahead: six segments against Hard's four.
    # The count is kept even so that, in a 2-player game, each line is scored after both
    # seats have moved equally often (docs/searches.md, "How Hard and Expert search").
    return MctsBot("expert", seed, seconds=2.5, depth=3, rollout=3, weights=weights, judgement=judgement)
