"""Benchmarks behind `companion bench`: they print figures and never fail on a slow machine."""
