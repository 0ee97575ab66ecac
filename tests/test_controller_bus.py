"""The event bus: typed events reach their subscribers in the order they happened."""
from __future__ import annotations

from dataclasses import dataclass

from humanity_desktop.controller import Bus, Event


@dataclass(frozen=True)
class Ping(Event):
    n: int


@dataclass(frozen=True)
class LoudPing(Ping):
    pass


@dataclass(frozen=True)
class Pong(Event):
    n: int


def test_handlers_get_their_event_type_and_its_subclasses():
    bus = Bus()
    pings, pongs = [], []
    bus.subscribe(Ping, pings.append)
    bus.subscribe(Pong, pongs.append)
    bus.publish(Ping(1))
    bus.publish(LoudPing(2))
    bus.publish(Pong(3))
    assert [e.n for e in pings] == [1, 2]
    assert [e.n for e in pongs] == [3]


def test_every_event_reaches_a_base_class_subscriber():
    bus = Bus()
    seen = []
    bus.subscribe(Event, seen.append)
    bus.publish(Ping(1))
    bus.publish(Pong(2))
    assert seen == [Ping(1), Pong(2)]


def test_unsubscribe_stops_delivery():
    bus = Bus()
    seen = []
    unsubscribe = bus.subscribe(Ping, seen.append)
    bus.publish(Ping(1))
    unsubscribe()
    bus.publish(Ping(2))
    assert seen == [Ping(1)]


def test_events_published_by_a_handler_wait_their_turn():
    bus = Bus()
    order = []

    def answer(ping: Ping) -> None:
        order.append(f"ping {ping.n}")
        if ping.n == 1:
            bus.publish(Pong(1))
        order.append(f"ping {ping.n} done")

    bus.subscribe(Ping, answer)
    bus.subscribe(Ping, lambda p: order.append(f"second handler saw ping {p.n}"))
    bus.subscribe(Pong, lambda p: order.append(f"pong {p.n}"))
    bus.publish(Ping(1))
    assert order == ["ping 1", "ping 1 done", "second handler saw ping 1", "pong 1"]


def test_a_failing_handler_does_not_wedge_the_bus():
    bus = Bus()
    seen = []

    def broken(_):
        raise RuntimeError("boom")

    bus.subscribe(Pong, broken)
    try:
        bus.publish(Pong(1))
    except RuntimeError:
        pass
    bus.subscribe(Ping, seen.append)
    bus.publish(Ping(2))
    assert seen == [Ping(2)]


def test_the_controller_loads_without_pygame():
    import subprocess
    import sys
    code = "import sys, humanity_desktop.controller; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
