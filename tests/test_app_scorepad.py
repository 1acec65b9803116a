"""The score pad's colours: Military, Wonder and Science stay apart for a reader with deuteranopia,
Treasury and Commercial are told apart, and every row's text reads on its colour."""

from __future__ import annotations

import itertools

from companion.app.theme import contrast_ratio, load_theme

# Machado, Oliveira and Fernandes (2009), deuteranopia at severity 1.0, on linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
# sRGB (D65) to CIE XYZ.
XYZ = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
WHITE = (0.9505, 1.0, 1.089)


def _linear(rgb: list[int]) -> list[float]:
    out = []
    for channel in rgb:
        value = channel / 255
        out.append(value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4)
    return out


def _lab(linear: list[float]) -> tuple[float, float, float]:
    x, y, z = (sum(m * c for m, c in zip(row, linear, strict=True)) / w for row, w in zip(XYZ, WHITE, strict=True))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _deuteranope(rgb: list[int]) -> tuple[float, float, float]:
    linear = _linear(rgb)
    seen = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True)))) for row in DEUTERANOPIA]
    return _lab(seen)


def _distance(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5


def test_military_wonder_and_science_differ_under_deuteranopia() -> None:
    rows = load_theme().raw["score_rows"]
    for first, second in itertools.combinations(("military", "wonder", "science"), 2):
        # CIE76 distance 20 and more: plainly different colours side by side.
        assert _distance(_deuteranope(rows[first]), _deuteranope(rows[second])) >= 20, (first, second)


def test_the_simulation_merges_what_it_should() -> None:
    # The matrix makes a pure red and a green of the same lightness nearly the same for a deuteranope,
    # as the original pad's red and green rows were (the reason for this test).
    assert _distance(_deuteranope([200, 48, 44]), _deuteranope([56, 150, 72])) < 20
    assert _distance(_lab(_linear([200, 48, 44])), _lab(_linear([56, 150, 72]))) > 80


def test_treasury_and_commercial_are_told_apart() -> None:
    rows = load_theme().raw["score_rows"]
    assert _distance(_lab(_linear(rows["treasury"])), _lab(_linear(rows["commercial"]))) >= 20
    assert _distance(_deuteranope(rows["treasury"]), _deuteranope(rows["commercial"])) >= 20


def test_every_row_reads_on_its_colour() -> None:
    theme = load_theme()
    for category, fill in theme.raw["score_rows"].items():
        ink = [round(c * 255) for c in theme.score_text(category)[:3]]
        assert contrast_ratio(ink, fill) >= 4.5, category
