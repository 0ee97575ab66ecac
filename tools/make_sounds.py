"""Synthesise the game's sounds into sounds/, the same sounds every run.

    python tools/make_sounds.py [--out DIR] [--only effects|ambient]

Every sound is built here from sine partials and filtered noise with a seeded random source,
using the standard library only. The names and file names come from sounds/sounds.json; each
effect there needs a recipe in EFFECTS. Effects are matched in loudness (their loudest 50 ms)
and kept under a common peak, and written as WAV, byte for byte the same every run. The
ambient track is several minutes of slowly changing chords, drones, air and far signals in
stereo, quieter, looping without a seam; it is compressed to Ogg Vorbis by `oggenc` (Debian's
vorbis-tools; pygame's mixer plays Ogg Vorbis on every system), which writes the same bytes
again given the same version of the encoder.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import struct
import subprocess
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
SEED = "humanity-sounds-1"
EFFECT_PEAK_DB = -3.0
EFFECT_LOUDNESS_DB = -12.0  # RMS of the loudest 50 ms window
AMBIENT_PEAK_DB = -12.0
AMBIENT_QUALITY = 1  # oggenc's scale from -1 to 10: about 45 kbit/s for this quiet stereo track
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
GLASS = ((1.0, 1.0), (2.32, 0.35), (4.25, 0.12))  # small tokens of metal and glass


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


def tile_turned(rng: random.Random) -> Signal:
    """A tile turned a quarter, notch by notch, and a chime as its unit appears."""
    chime = note(880, 0.36, BELL, attack=0.004, decay=0.14)
    return mix(0.55, (0, ratchet((900, 1000, 1120), rng), 1.0), (0.17, chime, 0.45))


def payment(rng: random.Random) -> Signal:
    """A unit handed over: two light tokens meeting, the second lower, on a soft tick."""
    def clink(freq: float) -> Signal:
        return note(freq, 0.24, GLASS, attack=0.0008, decay=0.05)
    return mix(0.34, (0, tick(950, rng, decay=0.01), 0.5), (0.005, clink(2349.3), 1.0), (0.075, clink(1760.0), 0.75))


def square_completed(rng: random.Random) -> Signal:
    """Four modules locking together, then a chord rising to a bright top."""
    locks = ratchet((1250, 1400, 1250, 1600), rng)
    chord = arpeggio((523.3, 659.3, 784.0, 1046.5), 0.06, 0.9, MARIMBA, decay=0.22)
    shine = note(2093.0, 0.6, BELL, attack=0.004, decay=0.25)
    return mix(1.2, (0, locks, 0.8), (0.2, chord, 1.0), (0.42, shine, 0.35))


def rubble(seconds: float, cutoff: float, rng: random.Random, decay: float) -> Signal:
    """A burst of rock noise, dull or sharp by its cutoff."""
    return decaying(lowpass(lowpass(noise(seconds, rng), cutoff), cutoff), decay, attack=0.0015)


def obstacle_hit(rng: random.Random) -> Signal:
    """A tool striking rock: a dull knock and a short crunch."""
    knock = note(120, 0.25, WOOD, attack=0.001, decay=0.05, glide=0.8)
    return mix(0.3, (0, knock, 1.0), (0, rubble(0.25, 1400, rng, 0.035), 1.6), (0.002, tick(700, rng, decay=0.012), 0.5))


def obstacle_broken(rng: random.Random) -> Signal:
    """The rock giving way: a crack, a low collapse, debris settling, then the clear air."""
    crack = mix(0.1, (0, rubble(0.1, 3000, rng, 0.02), 1.4), (0, tick(1500, rng, decay=0.008), 0.6))
    collapse = mix(0.7, (0, note(70, 0.7, MELLOW, attack=0.01, decay=0.2, glide=0.7), 0.9),
                   (0, rubble(0.7, 500, rng, 0.18), 2.2))
    debris = mix(0.9, *((rng.uniform(0.1, 0.75), tick(rng.uniform(600, 1300), rng, decay=0.01), rng.uniform(0.2, 0.5))
                        for _ in range(9)))
    air = arpeggio((784.0, 1174.7), 0.1, 0.7, BELL, decay=0.3)
    return mix(1.6, (0, crack, 1.0), (0.05, collapse, 1.0), (0.12, debris, 1.0), (0.8, air, 0.25))


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


# ---------------------------------------------------------------- the ambient track

AMBIENT_SECONDS = 240.0
CHORD_SECONDS = 30.0  # each chord's turn; it swells in over the last one's fading
CHORD_ATTACK, CHORD_RELEASE = 9.0, 12.0
# Slow chords round A minor, low and open, each voice a pair of slightly detuned sines.
CHORDS = (
    (110.0, 164.81, 246.94, 261.63),  # A minor, added ninth
    (87.31, 130.81, 164.81, 220.0),  # F major seventh
    (130.81, 196.0, 293.66, 329.63),  # C, added ninth
    (82.41, 123.47, 146.83, 196.0),  # E minor seventh
    (146.83, 220.0, 261.63, 329.63),  # D minor ninth, without its third
    (110.0, 196.0, 261.63, 329.63),  # A minor seventh
    (87.31, 220.0, 329.63, 392.0),  # F major ninth
    (82.41, 196.0, 220.0, 293.66),  # G suspended, over E
)
# Drones under it all: whole cycles in the loop (multiples of 1/240 Hz) so the loop has no
# seam; the 110.0625 Hz voice beats slowly against the 110 Hz of the chords. (Hz, level,
# swells per loop).
DRONES = ((55.0, 0.42, 3), (82.5, 0.22, 5), (110.0625, 0.12, 7))
SIGNALS = 26  # far signals over the loop: pings, a radio's notes, a machine somewhere


def pan(signal: Signal, position: float) -> tuple[Signal, Signal]:
    """`signal` placed between left (-1) and right (1) at equal loudness."""
    angle = (position + 1) * math.pi / 4
    left, right = math.cos(angle), math.sin(angle)
    return [x * left for x in signal], [x * right for x in signal]


def sine(freq: float, n: int, phase: float = 0.0) -> Signal:
    w = 2 * math.pi * freq / RATE
    return list(map(math.sin, (phase + w * i for i in range(n))))


def envelope(seconds: float, attack: float, release: float) -> Signal:
    return [rise(i / RATE, attack) * rise(seconds - i / RATE, release) for i in range(samples(seconds))]


def chord(freqs: tuple, rng: random.Random) -> tuple[Signal, Signal]:
    """One chord of the pad, its voices spread from left to right."""
    seconds = CHORD_SECONDS + CHORD_RELEASE * 0.75
    n = samples(seconds)
    left, right = [0.0] * n, [0.0] * n
    for k, freq in enumerate(freqs):
        voice = [a + b for a, b in zip(sine(freq * 0.9985, n, rng.uniform(0, 6.3)), sine(freq * 1.0015, n, rng.uniform(0, 6.3)))]
        l, r = pan(voice, -0.6 + 1.2 * k / (len(freqs) - 1))
        left = [a + b for a, b in zip(left, l)]
        right = [a + b for a, b in zip(right, r)]
    shape = envelope(seconds, CHORD_ATTACK, CHORD_RELEASE)
    return [x * e for x, e in zip(left, shape)], [x * e for x, e in zip(right, shape)]


def drones(rng: random.Random) -> Signal:
    n = samples(AMBIENT_SECONDS)
    out = [0.0] * n
    for freq, level, swells in DRONES:
        swell = sine(swells / AMBIENT_SECONDS, n, rng.uniform(0, 6.3))
        out = [o + level * (0.75 + 0.25 * s) * x for o, s, x in zip(out, swell, sine(freq, n))]
    return out


def air(rng: random.Random) -> Signal:
    """Air through the ducts: deep filtered noise that swells twice a loop. Filtered twice
    round, keeping the second pass, so the filter's state at the end flows into the start."""
    n = samples(AMBIENT_SECONDS)
    hiss = noise(AMBIENT_SECONDS, rng)
    deep = lowpass(lowpass(hiss + hiss, 330), 330)[n:]
    swell = sine(2 / AMBIENT_SECONDS, n)
    return [x * (0.6 + 0.4 * s) for x, s in zip(deep, swell)]


def far_signal(rng: random.Random) -> Signal:
    """Something far off in the base: a ping, a radio's few notes, or a machine's breath."""
    kind = rng.choice(("ping", "ping", "radio", "machine"))
    if kind == "ping":
        return note(rng.choice((987.8, 1174.7, 1318.5, 1568.0)), 4.0, BELL, attack=0.01, decay=1.2)
    if kind == "radio":
        tones = rng.sample((1318.5, 1568.0, 1760.0, 1975.5, 2349.3), 3)
        return arpeggio(tuple(tones), 0.16, 1.6, MARIMBA, decay=0.3)
    breath = decaying(lowpass(noise(2.5, rng), 300), 0.6, attack=0.6)
    return mix(2.5, (0, breath, 1.2), (0.05, note(65.4, 2.2, MELLOW, attack=0.3, decay=0.8), 0.6))


def ambient(rng: random.Random) -> tuple[Signal, Signal]:
    """A research base on Titan: slow chords over low machine drones, air moving through the
    ducts, and far signals here and there, left and right; it loops without a seam."""
    bed = drones(rng)
    layers_l: list = [(0, bed, 1.0), (0, air(rng), 1.4)]
    layers_r: list = [(0, bed, 1.0), (0, air(rng), 1.4)]
    for k, freqs in enumerate(CHORDS):
        left, right = chord(freqs, rng)
        layers_l.append((k * CHORD_SECONDS, left, 0.16))
        layers_r.append((k * CHORD_SECONDS, right, 0.16))
    for _ in range(SIGNALS):
        left, right = pan(far_signal(rng), rng.uniform(-0.9, 0.9))
        at, level = rng.uniform(0, AMBIENT_SECONDS), rng.uniform(0.03, 0.06)
        layers_l.append((at, left, level))
        layers_r.append((at, right, level))
    return mix(AMBIENT_SECONDS, *layers_l, wrap=True), mix(AMBIENT_SECONDS, *layers_r, wrap=True)


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    f.__name__: f for f in (click, pick_up, drop, snap, tile_turned, payment, deploy, experiment_done,
                            vp_gained, square_completed, obstacle_hit, obstacle_broken, mission_claimed,
                            mission_lost, arm_sweep, year_end, game_over, illegal)
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


def level_ambient(channels: tuple[Signal, Signal]) -> tuple[Signal, Signal]:
    gain = 10 ** (AMBIENT_PEAK_DB / 20) / max(abs(x) for channel in channels for x in channel)
    return tuple([x * gain for x in channel] for channel in channels)


def write_wav(path: Path, *channels: Signal) -> None:
    """16-bit PCM at RATE; two channels are interleaved, left first."""
    frames = [x for sample in zip(*channels) for x in sample]
    data = struct.pack(f"<{len(frames)}h", *(max(-32767, min(32767, round(x * 32767))) for x in frames))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(len(channels))
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data)


def encode_vorbis(wav: Path, path: Path) -> None:
    """Compress to Ogg Vorbis. The stream's serial number is fixed, so the same encoder
    writes the same bytes each run."""
    oggenc = shutil.which("oggenc")
    if oggenc is None:
        raise SystemExit("make_sounds: the ambient track needs oggenc to compress it (Debian and Ubuntu: "
                         "apt-get install vorbis-tools; macOS: brew install vorbis-tools)")
    subprocess.run([oggenc, "--quiet", "--quality", str(AMBIENT_QUALITY), "--serial", "1", "--output", str(path),
                    str(wav)], check=True)


def make_effect(name: str, path: Path) -> Signal:
    """Synthesise, level and write one effect; returns what was written."""
    signal = level_effect(EFFECTS[name](random.Random(f"{SEED}:{name}")))
    write_wav(path, signal)
    return signal


def ambient_pcm() -> tuple[Signal, Signal]:
    """The ambient track as it is compressed: levelled, left and right."""
    return level_ambient(ambient(random.Random(f"{SEED}:ambient")))


def make_ambient(path: Path) -> tuple[Signal, Signal]:
    channels = ambient_pcm()
    with tempfile.TemporaryDirectory() as work:
        wav = Path(work) / "ambient.wav"
        write_wav(wav, *channels)
        encode_vorbis(wav, path)
    return channels


def report(file: str, path: Path, signal: Signal) -> None:
    print(f"{file:22} {len(signal) / RATE:6.2f} s  peak {db(max(abs(x) for x in signal)):6.1f} dBFS"
          f"  loudest 50 ms {db(loudness(signal)):6.1f} dBFS  {path.stat().st_size / 1024:6.1f} KiB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SOUNDS, help="folder for the sound files (default: sounds/)")
    parser.add_argument("--only", choices=("effects", "ambient"), help="make only the effects, or only the ambient track")
    args = parser.parse_args(argv)
    table = json.loads((SOUNDS / "sounds.json").read_text(encoding="utf-8"))
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    if args.only != "ambient":
        for name, entry in table["effects"].items():
            written.append(args.out / entry["file"])
            report(entry["file"], written[-1], make_effect(name, written[-1]))
    if args.only != "effects":
        written.append(args.out / table["ambient"]["file"])
        left, _ = make_ambient(written[-1])
        report(table["ambient"]["file"], written[-1], left)
    print(f"{len(written)} sounds, {sum(p.stat().st_size for p in written) / 1024:.0f} KiB in {args.out}")


if __name__ == "__main__":
    main()
