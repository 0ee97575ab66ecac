"""Synthesise the game's sounds into sounds/, the same bytes every run.

    python tools/make_sounds.py [--out DIR]

Every sound is built here from sine partials and filtered noise with a seeded random source,
using the standard library only. The names and file names come from sounds/sounds.json; each
name there needs a recipe in RECIPES. Effects are matched in loudness (their loudest 50 ms)
and kept under a common peak; the ambient loop is quieter and loops without a seam.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
SEED = "humanity-sounds-1"
EFFECT_PEAK_DB = -3.0
EFFECT_LOUDNESS_DB = -12.0  # RMS of the loudest 50 ms window
AMBIENT_PEAK_DB = -12.0
FADE_IN = 0.002  # seconds: no sound starts or ends with a step, so none clicks
TAIL = 0.2  # the last fifth of every effect fades out, so a ringing note dies away, never stops
RELEASE = 0.005  # seconds: the same at the end of each note
SOUNDS = Path(__file__).resolve().parent.parent / "sounds"

Signal = list[float]
# Partials as (frequency ratio, level): higher ones die away sooner, as in wood and metal.
WOOD = ((1.0, 1.0), (2.76, 0.5), (5.4, 0.22))
BELL = ((1.0, 1.0), (2.0, 0.3), (3.01, 0.14), (4.2, 0.06))
MARIMBA = ((1.0, 1.0), (3.93, 0.14))
MELLOW = ((1.0, 1.0), (2.0, 0.22), (3.0, 0.06))
REED = ((1.0, 1.0), (2.0, 0.45), (3.0, 0.25), (4.0, 0.1))


def samples(seconds: float) -> int:
    return round(seconds * RATE)


def rise(t: float, attack: float) -> float:
    """A raised-cosine onset from 0 to 1 over `attack` seconds: soft, with no corner."""
    return 1.0 if t >= attack else 0.5 - 0.5 * math.cos(math.pi * t / attack)


def note(freq: float, seconds: float, partials=MELLOW, attack: float = 0.005, decay: float = 0.3,
         glide: float = 1.0) -> Signal:
    """A struck note: sine partials with a soft attack, an exponential decay and a short release
    at the end; the pitch slides smoothly to `glide` times `freq` by the end."""
    n = samples(seconds)
    out = [0.0] * n
    for ratio, level in partials:
        tau = decay / math.sqrt(ratio)
        phase = 0.0
        for i in range(n):
            t = i / RATE
            phase += 2 * math.pi * freq * ratio * glide ** (t / seconds) / RATE
            envelope = rise(t, attack) * rise(seconds - t, RELEASE) * math.exp(-t / tau)
            out[i] += level * envelope * math.sin(phase)
    return out


def pad(freqs: tuple, seconds: float, attack: float, release: float) -> Signal:
    """A held chord that swells in and fades out; each voice is a slightly detuned pair of
    sines, which gives it a slow, warm shimmer."""
    n = samples(seconds)
    out = [0.0] * n
    for freq in freqs:
        for detune in (0.9985, 1.0015):
            w = 2 * math.pi * freq * detune / RATE
            for i in range(n):
                t = i / RATE
                out[i] += rise(t, attack) * rise(seconds - t, release) * math.sin(w * i)
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


def lowpass(signal: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """A one-pole low-pass filter; `cutoff` in Hz may change over time (a function of seconds)."""
    at = cutoff if callable(cutoff) else (lambda t: cutoff)
    out, y = [], 0.0
    for i, x in enumerate(signal):
        y += (1 - math.exp(-2 * math.pi * at(i / RATE) / RATE)) * (x - y)
        out.append(y)
    return out


def highpass(signal: Signal, cutoff: float) -> Signal:
    return [x - y for x, y in zip(signal, lowpass(signal, cutoff))]


def decaying(signal: Signal, decay: float, attack: float = 0.001) -> Signal:
    return [x * rise(i / RATE, attack) * math.exp(-i / RATE / decay) for i, x in enumerate(signal)]


def mix(seconds: float, *layers: tuple[float, Signal, float], wrap: bool = False) -> Signal:
    """Layers (start in seconds, signal, level) summed into one track; with `wrap` a layer
    running past the end continues from the start (for loops)."""
    n = samples(seconds)
    out = [0.0] * n
    for start, signal, level in layers:
        offset = samples(start)
        for i, x in enumerate(signal):
            j = offset + i
            if wrap:
                j %= n
            elif j >= n:
                break
            out[j] += level * x
    return out


def tick(freq: float, rng: random.Random, decay: float = 0.014) -> Signal:
    """A short woody tick: a struck inharmonic body and a breath of bright noise."""
    body = note(freq, 0.08, WOOD, attack=0.0008, decay=decay)
    click = decaying(highpass(noise(0.01, rng), 2500), 0.0015)
    return mix(0.08, (0, body, 1.0), (0, click, 0.35))


def ratchet(freqs: tuple, rng: random.Random) -> Signal:
    """A quick run of ticks, like a dial turning notch by notch."""
    return mix(0.05 * len(freqs) + 0.03, *((0.05 * k, tick(f, rng), 1.0) for k, f in enumerate(freqs)))


def arpeggio(freqs: tuple, step: float, seconds: float, partials, decay: float, attack: float = 0.004) -> Signal:
    return mix(seconds, *((step * k, note(f, seconds - step * k, partials, attack, decay), 1.0)
                          for k, f in enumerate(freqs)))


# ---------------------------------------------------------------- the sounds

def click(rng: random.Random) -> Signal:
    return tick(1400, rng, decay=0.008)[: samples(0.05)]


def pick_up(rng: random.Random) -> Signal:
    lift = note(330, 0.16, MELLOW, attack=0.012, decay=0.08, glide=1.6)
    air = decaying(lowpass(noise(0.16, rng), 2000), 0.03, attack=0.006)
    return mix(0.16, (0, lift, 1.0), (0, air, 0.25))


def drop(rng: random.Random) -> Signal:
    body = note(200, 0.22, MELLOW, attack=0.003, decay=0.06, glide=0.65)
    thud = decaying(lowpass(noise(0.22, rng), 900), 0.04)
    return mix(0.22, (0, body, 1.0), (0, thud, 0.8))


def snap(rng: random.Random) -> Signal:
    return mix(0.12, (0, tick(1250, rng, decay=0.018), 1.0), (0.028, tick(1700, rng, decay=0.01), 0.3))


def turn_produce(rng: random.Random) -> Signal:
    chime = note(880, 0.36, BELL, attack=0.004, decay=0.14)
    return mix(0.55, (0, ratchet((900, 1000, 1120), rng), 1.0), (0.17, chime, 0.45))


def turn_spend(rng: random.Random) -> Signal:
    low = note(330, 0.3, MELLOW, attack=0.006, decay=0.1)
    return mix(0.46, (0, ratchet((1120, 1000, 900), rng), 1.0), (0.16, low, 0.5))


def deploy(rng: random.Random) -> Signal:
    thump = note(90, 0.4, MELLOW, attack=0.005, decay=0.12, glide=0.8)
    rumble = decaying(lowpass(noise(0.4, rng), 600), 0.06)
    seal = arpeggio((784.0, 1046.5), 0.09, 0.55, BELL, decay=0.2)
    return mix(0.7, (0, thump, 1.0), (0, rumble, 0.9), (0.12, seal, 0.3))


def experiment_done(rng: random.Random) -> Signal:
    return arpeggio((1046.5, 1318.5, 1568.0, 2093.0), 0.07, 0.75, MARIMBA, decay=0.18)


def vp_gained(rng: random.Random) -> Signal:
    return arpeggio((1318.5, 1975.5), 0.11, 0.8, BELL, decay=0.3)


def mission_claimed(rng: random.Random) -> Signal:
    rising = arpeggio((523.3, 659.3, 784.0), 0.09, 0.6, MELLOW, decay=0.25)
    top = note(1046.5, 0.85, BELL, attack=0.006, decay=0.45)
    return mix(1.12, (0, rising, 1.0), (0.27, top, 0.8))


def mission_lost(rng: random.Random) -> Signal:
    return arpeggio((392.0, 311.1, 261.6), 0.16, 1.1, MELLOW, decay=0.35, attack=0.02)


def hump(t: float) -> float:
    """The arm's one-second motion: from rest up to full speed and back to rest."""
    return math.sin(math.pi * min(1.0, t))


def sweep_cutoff(t: float) -> float:
    """The air the arm moves sounds brighter the faster it goes."""
    return 200 + 1600 * hump(t)


def arm_sweep(rng: random.Random) -> Signal:
    whoosh = lowpass(lowpass(noise(1.0, rng), sweep_cutoff), sweep_cutoff)
    servo = note(70, 1.0, REED, attack=0.15, decay=10.0, glide=1.5)
    moving = [(w * 1.6 + s * 0.35) * hump(i / RATE) for i, (w, s) in enumerate(zip(whoosh, servo))]
    return mix(1.15, (0, moving, 1.0), (0.95, tick(500, rng, decay=0.03), 0.8))


def year_end(rng: random.Random) -> Signal:
    return mix(2.4, (0, pad((130.8, 261.6, 329.6, 392.0, 587.3), 2.4, attack=0.9, release=1.0), 1.0))


def game_over(rng: random.Random) -> Signal:
    first = pad((174.6, 220.0, 261.6, 349.2), 1.2, attack=0.25, release=0.5)
    home = pad((130.8, 196.0, 261.6, 329.6, 392.0), 1.9, attack=0.3, release=1.1)
    tune = arpeggio((880.0, 784.0, 1046.5), 0.5, 2.6, BELL, decay=0.5)
    return mix(3.0, (0, first, 1.0), (1.0, home, 1.0), (0.05, tune, 0.9))


def buzz(freq: float) -> Signal:
    """A soft, dull buzz: a reedy note with its brightness filtered away."""
    return lowpass(note(freq, 0.13, REED, attack=0.012, decay=0.07), 1200)


def illegal(rng: random.Random) -> Signal:
    return mix(0.34, (0, buzz(155), 1.0), (0.16, buzz(140), 1.0))


AMBIENT_SECONDS = 16.0
# Every drone completes whole cycles in the loop (frequencies are multiples of 1/16 Hz), so the
# loop has no seam; the 110.0625 and 164.9375 Hz voices beat slowly against the others.
DRONES = ((55.0, 0.5, 1), (82.5, 0.3, 2), (110.0625, 0.25, 3), (164.9375, 0.12, 1))


def ambient(rng: random.Random) -> Signal:
    """A research base on Titan: low machine drones, air moving through ducts, far pings."""
    n = samples(AMBIENT_SECONDS)
    out = [0.0] * n
    for freq, level, swells in DRONES:
        phase = rng.uniform(0, 2 * math.pi)
        for i in range(n):
            t = i / RATE
            swell = 0.75 + 0.25 * math.sin(2 * math.pi * swells * t / AMBIENT_SECONDS + phase)
            out[i] += level * swell * math.sin(2 * math.pi * freq * t)
    hiss = noise(AMBIENT_SECONDS, rng)
    # Filtered twice round, keeping the second pass: the filter's state at the end of the
    # loop flows into its start, so the air has no seam either.
    air = lowpass(lowpass(hiss + hiss, 350), 350)[n:]
    for i in range(n):
        out[i] += 1.5 * air[i] * (0.6 + 0.4 * math.sin(4 * math.pi * i / n))
    ping = note(1174.7, 4.0, BELL, attack=0.01, decay=1.2)
    return mix(AMBIENT_SECONDS, (0, out, 1.0), (3.0, ping, 0.05), (11.0, ping, 0.035), wrap=True)


RECIPES: dict[str, Callable[[random.Random], Signal]] = {
    f.__name__: f for f in (click, pick_up, drop, snap, turn_produce, turn_spend, deploy,
                            experiment_done, vp_gained, mission_claimed, mission_lost, arm_sweep,
                            year_end, game_over, illegal, ambient)
}


# ---------------------------------------------------------------- levels and files

def db(level: float) -> float:
    return 20 * math.log10(level) if level > 0 else -math.inf


def loudness(signal: Signal, window: float = 0.05) -> float:
    """The RMS of the loudest `window` seconds: how loud a short sound seems."""
    size = max(1, samples(window))
    step = max(1, size // 5)
    return max(math.sqrt(sum(x * x for x in signal[i:i + size]) / size)
               for i in range(0, max(1, len(signal) - size + 1), step))


def level_effect(signal: Signal) -> Signal:
    """At the common loudness, unless that would push the peak over the common peak."""
    seconds = len(signal) / RATE
    signal = [x * rise(i / RATE, FADE_IN) * rise(seconds - i / RATE, TAIL * seconds)
              for i, x in enumerate(signal)]
    peak = max(abs(x) for x in signal)
    gain = min(10 ** (EFFECT_LOUDNESS_DB / 20) / loudness(signal), 10 ** (EFFECT_PEAK_DB / 20) / peak)
    return [x * gain for x in signal]


def level_ambient(signal: Signal) -> Signal:
    gain = 10 ** (AMBIENT_PEAK_DB / 20) / max(abs(x) for x in signal)
    return [x * gain for x in signal]


def write_wav(path: Path, signal: Signal) -> None:
    frames = struct.pack(f"<{len(signal)}h", *(max(-32767, min(32767, round(x * 32767))) for x in signal))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def make(name: str, path: Path, is_ambient: bool = False) -> Signal:
    """Synthesise, level and write one sound; returns what was written."""
    signal = RECIPES[name](random.Random(f"{SEED}:{name}"))
    signal = level_ambient(signal) if is_ambient else level_effect(signal)
    write_wav(path, signal)
    return signal


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SOUNDS, help="folder for the WAV files (default: sounds/)")
    args = parser.parse_args(argv)
    table = json.loads((SOUNDS / "sounds.json").read_text(encoding="utf-8"))
    args.out.mkdir(parents=True, exist_ok=True)
    jobs = [(name, entry["file"], False) for name, entry in table["effects"].items()]
    jobs.append(("ambient", table["ambient"]["file"], True))
    total = 0
    for name, file, is_ambient in jobs:
        path = args.out / file
        signal = make(name, path, is_ambient)
        total += path.stat().st_size
        print(f"{file:22} {len(signal) / RATE:6.2f} s  peak {db(max(abs(x) for x in signal)):6.1f} dBFS"
              f"  loudest 50 ms {db(loudness(signal)):6.1f} dBFS  {path.stat().st_size / 1024:6.1f} KiB")
    print(f"{len(jobs)} sounds, {total / 1024:.0f} KiB in {args.out}")


if __name__ == "__main__":
    main()
